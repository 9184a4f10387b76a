package io.paradigmlab.itstore.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The command line of {@code ./lab driver-bench}. Every option but {@code --help} and {@code --postgres-url} changes
 * what is measured or how often, and is recorded in the summary.
 *
 * @param help        print the usage and stop
 * @param quick       one JVM per phase and fewer measured invocations: a check in a few minutes, not a result
 * @param scale       the IT store data set the queries, updates and delete-all run on: {@code ci} (20,000 products)
 *                    or {@code paper} (700,000, the original's size; much slower to make, and delete-all takes long)
 * @param seed        the data generator's seed (the lab's default, 42)
 * @param postgresUrl an external server, {@code jdbc:postgresql://host:port/db?user=..&password=..}; null: an
 *                    embedded PostgreSQL started for the run
 * @param coldForks   cold: fresh JVMs per operation and driver, each timing its first invocation (one sample each)
 * @param warmForks   warm: fresh JVMs per operation and driver, each running {@code warmup} + {@code iterations}
 * @param warmup      warm: untimed invocations before the measured ones (D-6: 5)
 * @param iterations  warm: measured invocations per JVM, each timed alone
 * @param only        the operations to run (benchmark method names, e.g. {@code insert}); empty: all
 */
public record BenchOptions(boolean help, boolean quick, String scale, long seed, String postgresUrl, int coldForks,
                           int warmForks, int warmup, int iterations, Set<String> only) {

    /** The benchmark methods of {@link DriverBenchmarks}, in report order. */
    public static final List<String> OPERATIONS =
            List.of("ddlCreate", "ddlDrop", "simpleQueries", "complexQueries", "updates", "deleteAll", "insert");

    static final int COLD_FORKS = 5;
    static final int WARM_FORKS = 3;
    static final int WARMUP = 5;
    static final int ITERATIONS = 10;
    static final int QUICK_ITERATIONS = 3;

    public static final String USAGE = """
            Usage: ./lab driver-bench [options]

            JMH benchmark of the PostgreSQL drivers, pgjdbc vs r2dbc-postgresql, on one connection each: seed 002
            section 5.1 (DDL create/drop, simple and complex queries, three updates by key, delete all, inserts into
            1-5 tables), cold (first invocation in a fresh JVM) and warm (after 5 invocations) reported apart.
            Results go to .lab/driver-bench-<yyyyMMdd-HHmmss>/ (results.json, results.csv, summary.md). See
            docs/driver-bench.md.

            Options:
              --quick                 1 JVM per phase, 3 measured warm invocations (about 4 minutes on a 2-core
                                      VM; a check, not a result)
              --scale ci|paper        data set of the queries, updates and delete-all (default: ci)
              --seed N                data generator seed (default: 42)
              --postgres-url URL      use this server instead of an embedded one, e.g.
                                      jdbc:postgresql://localhost:5432/postgres?user=bench&password=secret
                                      (the user must be allowed to create databases; they are dropped at the end)
              --cold-forks N          cold JVMs per operation and driver (default: 5; --quick: 1)
              --warm-forks N          warm JVMs per operation and driver (default: 3; --quick: 1)
              --warmup N              warm-up invocations before the warm ones (default: 5, decision D-6)
              --iterations N          measured warm invocations per JVM (default: 10; --quick: 3)
              --only OP[,OP...]       only these operations: ddlCreate, ddlDrop, simpleQueries, complexQueries,
                                      updates, deleteAll, insert
              --help                  this text

            Examples:
              ./lab driver-bench --quick
              ./lab driver-bench                                   a full run (about 15-20 minutes on 2 cores)
              ./lab driver-bench --scale paper --only simpleQueries,complexQueries
              ./lab driver-bench --postgres-url 'jdbc:postgresql://db:5432/postgres?user=bench&password=secret'
            """;

    /** Parses the arguments; throws {@link IllegalArgumentException} with a message for the user on a bad one. */
    public static BenchOptions parse(String... args) {
        boolean help = false;
        boolean quick = false;
        String scale = "ci";
        long seed = 42;
        String url = null;
        Integer coldForks = null;
        Integer warmForks = null;
        int warmup = WARMUP;
        Integer iterations = null;
        Set<String> only = new LinkedHashSet<>();
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String arg = rest.removeFirst();
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                value = arg.substring(eq + 1);
                arg = arg.substring(0, eq);
            }
            switch (arg) {
                case "--help", "-h" -> help = true;
                case "--quick" -> quick = true;
                case "--scale" -> {
                    scale = value(arg, value, rest);
                    if (!scale.equals("ci") && !scale.equals("paper")) {
                        throw new IllegalArgumentException("--scale must be ci or paper, not '" + scale + "'");
                    }
                }
                case "--seed" -> seed = number(arg, value(arg, value, rest), Long.MIN_VALUE);
                case "--postgres-url" -> url = value(arg, value, rest);
                case "--cold-forks" -> coldForks = (int) number(arg, value(arg, value, rest), 1);
                case "--warm-forks" -> warmForks = (int) number(arg, value(arg, value, rest), 1);
                case "--warmup" -> warmup = (int) number(arg, value(arg, value, rest), 0);
                case "--iterations" -> iterations = (int) number(arg, value(arg, value, rest), 1);
                case "--only" -> {
                    for (String op : value(arg, value, rest).split(",")) {
                        String name = op.trim();
                        if (!OPERATIONS.contains(name)) {
                            throw new IllegalArgumentException("--only: unknown operation '" + name + "'; choose from "
                                    + String.join(", ", OPERATIONS));
                        }
                        only.add(name);
                    }
                }
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
            }
        }
        return new BenchOptions(help, quick, scale, seed, url,
                coldForks != null ? coldForks : quick ? 1 : COLD_FORKS,
                warmForks != null ? warmForks : quick ? 1 : WARM_FORKS,
                warmup,
                iterations != null ? iterations : quick ? QUICK_ITERATIONS : ITERATIONS,
                Set.copyOf(only));
    }

    /** The operations to run, in report order. */
    public List<String> operations() {
        return only.isEmpty() ? OPERATIONS : OPERATIONS.stream().filter(only::contains).toList();
    }

    /** The JMH include pattern of {@link #operations()}. */
    public String includePattern() {
        return "^" + DriverBenchmarks.class.getName().replace(".", "\\.") + "\\.(" + String.join("|", operations())
                + ")$";
    }

    /** The options as a command line, for the record. */
    public String describe() {
        return String.format(Locale.ROOT, "scale %s, seed %d, cold %d fork(s) x 1 invocation, warm %d fork(s) x (%d"
                        + " warm-up + %d measured) invocations%s", scale, seed, coldForks, warmForks, warmup, iterations,
                only.isEmpty() ? "" : ", only " + String.join(",", operations()));
    }

    private static String value(String option, String inline, List<String> rest) {
        if (inline != null) {
            return inline;
        }
        if (rest.isEmpty() || rest.getFirst().startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return rest.removeFirst();
    }

    private static long number(String option, String text, long min) {
        long n;
        try {
            n = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(option + " needs a whole number, not '" + text + "'");
        }
        if (n < min || n > Integer.MAX_VALUE && min > Long.MIN_VALUE) {
            throw new IllegalArgumentException(option + " must be at least " + min + ", not " + n);
        }
        return n;
    }
}
