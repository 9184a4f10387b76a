package io.paradigmlab.lab.api;

import java.util.List;
import java.util.Map;

/**
 * A fixed-work experiment: each user does a set amount of work and the run ends when all of it is done (seed 004's
 * experiments, measured by their makespan), as opposed to a Hyperfoil scenario, which offers load for a set time.
 * An application returns one for a scenario from {@link Application#experiment}; the campaign then runs it once per
 * user count on a freshly launched variant and a fresh copy of the data (docs/methodology.md, "Fixed-work
 * experiments"). The load tool is the experiment's own business (ChatApp runs Gatling in a JVM of its own).
 */
public interface Experiment {

    /** The user counts a campaign runs when none are given ({@code --levels}), smallest first. */
    List<Integer> defaultUsers();

    /**
     * Launch settings this experiment needs ({@link LaunchRequest#settings()}), laid over the campaign's; e.g. a
     * stateless server for an experiment that must not write. Empty by default.
     */
    default Map<String, String> launchSettings() {
        return Map.of();
    }

    /**
     * Metrics of the service's Prometheus endpoint that count its work (frames, deliveries, tasks); read after each
     * run, and every variant must report the same values for the same run (the equal-work check, beside the SQL
     * statements counted by {@code pg_stat_statements}). Empty by default.
     */
    default List<String> workCounters() {
        return List.of();
    }

    /**
     * Gauges of the service's Prometheus endpoint sampled during the run, whose peak the report shows (e.g. the
     * native memory of thread stacks). Name to the label the report gives it. Empty by default.
     */
    default Map<String, String> peakGauges() {
        return Map.of();
    }

    /**
     * Runs the work of {@code run.users()} users against the started deployment, to completion or
     * {@code run.timeout()}, and blocks until then.
     *
     * @throws io.paradigmlab.lab.api.LabException when the load tool cannot run at all (not for failed requests,
     *                                               which the outcome counts)
     */
    ExperimentOutcome run(Deployment deployment, ExperimentRun run);
}
