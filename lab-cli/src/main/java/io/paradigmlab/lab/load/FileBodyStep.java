package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.BenchmarkDefinitionException;
import io.hyperfoil.api.config.Locator;
import io.hyperfoil.api.config.Name;
import io.hyperfoil.api.config.Step;
import io.hyperfoil.api.session.ObjectAccess;
import io.hyperfoil.api.session.Session;
import io.hyperfoil.core.builders.BaseStepBuilder;
import io.hyperfoil.core.session.SessionFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.Serial;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code fileBody} step: stores the whole content of a data file into a session variable, for a request body
 * ({@code body: fromVar: ...}); the files are listed in a CSV and drawn in order across every session, each once,
 * wrapping at the end. For uploads that must differ from request to request (an import whose rows may be stored
 * once only: each file of the list holds other keys).
 * <pre>
 * - fileBody:
 *     files: imports.csv   # relative to the data folder; header "file", one data file name per row
 *     toVar: body
 * </pre>
 * Every listed file is read once per benchmark build, as UTF-8 text. Registered in
 * {@code META-INF/services/io.hyperfoil.api.config.StepBuilder}.
 */
public final class FileBodyStep implements Step {

    @Serial
    private static final long serialVersionUID = 1L;

    /** Contents per benchmark being built, by list file: every phase shares the texts and the cursor. */
    private static final Map<BenchmarkBuilder, Map<String, Files>> LISTS = new WeakHashMap<>();

    private final Files files;
    private final ObjectAccess toVar;

    private FileBodyStep(Files files, ObjectAccess toVar) {
        this.files = files;
        this.toVar = toVar;
    }

    @Override
    public boolean invoke(Session session) {
        toVar.setObject(session, files.next());
        return true;
    }

    /** The texts of one list, and its shared cursor. */
    static final class Files implements java.io.Serializable {
        @Serial
        private static final long serialVersionUID = 1L;
        private final String[] texts;
        private final AtomicLong cursor = new AtomicLong();

        Files(String[] texts) {
            this.texts = texts;
        }

        String next() {
            return texts[(int) Math.floorMod(cursor.getAndIncrement(), (long) texts.length)];
        }
    }

    private static Files files(String list) {
        BenchmarkBuilder benchmark = Locator.current().benchmark();
        synchronized (LISTS) {
            Map<String, Files> lists = LISTS.computeIfAbsent(benchmark, b -> new HashMap<>());
            Files files = lists.get(list);
            if (files == null) {
                BenchmarkData data = benchmark.data();
                CsvTable table = data instanceof DataFolder folder ? folder.table(list)
                        : CsvTable.read(list, data.readFile(list));
                if (table.columns().length != 1 || !"file".equals(table.columns()[0]) || table.rows() == 0) {
                    throw new BenchmarkDefinitionException("fileBody: " + list + " must have the one column 'file'"
                            + " and at least one row");
                }
                String[] texts = new String[table.rows()];
                for (int i = 0; i < texts.length; i++) {
                    String name = table.row(i)[0];
                    try (InputStream in = data.readFile(name)) {
                        texts[i] = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        throw new BenchmarkDefinitionException("fileBody: cannot read " + name + ": " + e.getMessage());
                    }
                }
                files = new Files(texts);
                lists.put(list, files);
            }
            return files;
        }
    }

    /** Stores the next listed data file's content into a session variable. */
    @Name("fileBody")
    public static class Builder extends BaseStepBuilder<Builder> {
        private String files;
        private String toVar;

        /**
         * The CSV listing the files (header {@code file}), relative to the data folder.
         *
         * @param files file name
         * @return this
         */
        public Builder files(String files) {
            this.files = files;
            return this;
        }

        /**
         * The variable that receives the file's text.
         *
         * @param toVar variable name
         * @return this
         */
        public Builder toVar(String toVar) {
            this.toVar = toVar;
            return this;
        }

        @Override
        public List<Step> build() {
            if (files == null || files.isBlank() || toVar == null || toVar.isBlank()) {
                throw new BenchmarkDefinitionException("fileBody: 'files' and 'toVar' are required");
            }
            return List.of(new FileBodyStep(FileBodyStep.files(files), SessionFactory.objectAccess(toVar)));
        }
    }
}
