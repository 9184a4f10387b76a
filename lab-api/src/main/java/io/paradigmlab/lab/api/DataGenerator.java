package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Fills an application's freshly migrated databases with deterministic data and writes the files its scenarios
 * draw request values from. The lab calls it once per (application, scale, seed, schema) into template databases
 * and gives each repetition a copy ({@code CREATE DATABASE ... TEMPLATE}).
 */
public interface DataGenerator {

    /** The named scales, smallest first; the first is the default of {@code ./lab demo}. */
    List<Scale> scales();

    /**
     * Fills the databases and writes the scenario data files.
     *
     * @param databases service id to the name of its empty, migrated database on {@code postgres}
     * @param dataDir   an empty folder for the scenario data files (CSV with a header row naming the variables)
     * @param progress  receives a line now and then on long runs
     */
    void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed, Path dataDir,
                  Progress progress);

    /** Where a long generation reports how far it got. */
    interface Progress {
        void report(String line);
    }

    /**
     * A size of the data set.
     *
     * @param name        e.g. {@code quick}, {@code seed}
     * @param users       accounts
     * @param description one line: what the scale holds and what it is for
     */
    record Scale(String name, int users, String description) {
    }

    default Scale scale(String name) {
        return scales().stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new io.paradigmlab.lab.api.LabException("Unknown scale '" + name + "': choose one of "
                        + String.join(", ", scales().stream().map(Scale::name).toList())));
    }
}
