package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * One run of an {@link Experiment}.
 *
 * @param scenario   the scenario the experiment belongs to
 * @param users      how many users (connections) take part
 * @param repetition 1-based repetition; each runs on fresh JVMs and a fresh copy of the data
 * @param seed       the campaign's seed: the same seed gives every variant the same work
 * @param dataDir    the scenario data files of the data set ({@link DataGenerator})
 * @param workDir    an empty folder for the load tool's files
 * @param timeout    the run is abandoned (and counted as failed) after this long
 * @param progress   receives a line now and then
 */
public record ExperimentRun(ScenarioInfo scenario, int users, int repetition, long seed, Path dataDir, Path workDir,
                            Duration timeout, Consumer<String> progress) {
}
