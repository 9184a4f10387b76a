package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.BenchmarkDefinitionException;
import io.hyperfoil.api.config.Locator;
import io.hyperfoil.api.config.Name;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ObjectAccess;
import io.hyperfoil.api.session.ResourceUtilizer;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.core.builders.BaseStepBuilder;
import io.hyperfoil.core.session.SessionFactory;
import java.io.Serial;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.WeakHashMap;

/**
 * The {@code csvRow} step: stores one row of a CSV data file into session variables named after the file's header.
 * <pre>
 * - csvRow:
 *     file: follow-pairs.csv   # relative to the data folder
 *     pick: next               # next | session | random
 *     counter: n               # optional: how many rows this session drew with this step (1, 2, ...)
 *     seed: 42                 # optional (random): the lab writes its run's seed here
 * </pre>
 * {@code next}: rows in file order across every session, thread and phase of the benchmark, each once, wrapping at
 * the end (a shared atomic cursor). {@code session}: the session's own row, {@code hyperfoil.session.id} modulo the
 * rows, so concurrent sessions of a phase never share a row. {@code random}: uniformly random, from a generator per
 * session seeded with {@code seed} and the session id, so the same benchmark draws the same rows in each session.
 * The file is read once per benchmark build (memory-mapped when it lies in the data folder), whatever the number
 * of phases and sessions. Registered in {@code META-INF/services/io.hyperfoil.api.config.StepBuilder}.
 */
public final class CsvRowStep implements Step, ResourceUtilizer, Session.ResourceKey<CsvRowStep.Draws> {

    @Serial
    private static final long serialVersionUID = 1L;

    /** How a row is chosen. */
    public enum Pick {
        NEXT, SESSION, RANDOM;

        static Pick parse(String text) {
            for (Pick p : values()) {
                if (p.name().equalsIgnoreCase(text)) {
                    return p;
                }
            }
            throw new BenchmarkDefinitionException("csvRow: pick must be next, session or random, not '" + text + "'");
        }
    }

    /** Tables per benchmark being built, by file: one read per build, one cursor per file. */
    private static final Map<BenchmarkBuilder, Map<String, CsvTable>> TABLES = new WeakHashMap<>();

    private final CsvTable table;
    private final Pick pick;
    private final long seed;
    private final ObjectAccess[] columns;
    private final ObjectAccess counter;

    private CsvRowStep(CsvTable table, Pick pick, long seed, ObjectAccess[] columns, ObjectAccess counter) {
        this.table = table;
        this.pick = pick;
        this.seed = seed;
        this.columns = columns;
        this.counter = counter;
    }

    @Override
    public boolean invoke(Session session) {
        Draws draws = session.getResource(this);
        int index = switch (pick) {
            case NEXT -> table.next();
            case SESSION -> Math.floorMod(session.uniqueId(), table.rows());
            case RANDOM -> draws.random.nextInt(table.rows());
        };
        String[] values = table.row(index);
        for (int i = 0; i < columns.length; i++) {
            columns[i].setObject(session, values[i]);
        }
        draws.count++;
        if (counter != null) {
            counter.setObject(session, Long.toString(draws.count));
        }
        return true;
    }

    @Override
    public void reserve(Session session) {
        // one generator per session, for the session's whole life (it survives the session's reset between
        // iterations), so each session's sequence of rows depends only on the seed and its id
        long mixed = mix(seed) ^ mix(session.uniqueId() + 0x632BE59BD9B4E019L) ^ table.file().hashCode();
        session.declareResource(this, () -> new Draws(new SplittableRandom(mixed)), true);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** What a session keeps between draws. */
    static final class Draws implements Session.Resource {
        final SplittableRandom random;
        long count;

        Draws(SplittableRandom random) {
            this.random = random;
        }
    }

    /** Parses the file once per benchmark being built (each phase builds its own copy of the scenario). */
    private static CsvTable table(String file) {
        BenchmarkBuilder benchmark = Locator.current().benchmark();
        synchronized (TABLES) {
            Map<String, CsvTable> tables = TABLES.computeIfAbsent(benchmark, b -> new HashMap<>());
            CsvTable table = tables.get(file);
            if (table == null) {
                BenchmarkData data = benchmark.data();
                table = data instanceof DataFolder folder ? folder.table(file)
                        : CsvTable.read(file, data.readFile(file));
                tables.put(file, table);
            }
            return table;
        }
    }

    /** Stores a row of a CSV file (header row = variable names) into session variables. */
    @Name("csvRow")
    public static class Builder extends BaseStepBuilder<Builder> {
        private String file;
        private String pick;
        private long seed;
        private String counter;

        /**
         * The CSV file, relative to the data folder.
         *
         * @param file file name
         * @return this
         */
        public Builder file(String file) {
            this.file = file;
            return this;
        }

        /**
         * How the row is chosen: {@code next}, {@code session} or {@code random}.
         *
         * @param pick the choice
         * @return this
         */
        public Builder pick(String pick) {
            this.pick = pick;
            return this;
        }

        /**
         * Seed of {@code pick: random} (combined with the session id). The lab sets its run's seed here.
         *
         * @param seed the seed
         * @return this
         */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Variable that receives how many rows this session has drawn with this step (1, 2, ...), e.g. to vary a
         * request body.
         *
         * @param counter variable name
         * @return this
         */
        public Builder counter(String counter) {
            this.counter = counter;
            return this;
        }

        @Override
        public List<Step> build() {
            if (file == null || file.isBlank()) {
                throw new BenchmarkDefinitionException("csvRow: 'file' is required");
            }
            if (pick == null) {
                throw new BenchmarkDefinitionException("csvRow: 'pick' is required (next, session or random)");
            }
            Pick how = Pick.parse(pick.toLowerCase(Locale.ROOT));
            CsvTable table = table(file);
            ObjectAccess[] columns = new ObjectAccess[table.columns().length];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = SessionFactory.objectAccess(table.columns()[i]);
            }
            ObjectAccess count = counter == null ? null : SessionFactory.objectAccess(counter);
            return List.of(new CsvRowStep(table, how, seed, columns, count));
        }
    }
}
