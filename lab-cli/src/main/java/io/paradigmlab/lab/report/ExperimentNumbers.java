package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.Estimate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The further numbers of a fixed-work experiment's runs ({@link LevelMeasurement#extra()}): makespan, delivery
 * latency, peak memory by kind, and the work counts of the equal-work check (named {@code work ...}).
 */
final class ExperimentNumbers {

    static final String WORK_PREFIX = "work ";

    private ExperimentNumbers() {
    }

    /** The names of the numbers to report, in the order the runs first give them; work counts excluded. */
    static List<String> names(CampaignResult result) {
        Set<String> names = new LinkedHashSet<>();
        for (LevelMeasurement m : result.measurements()) {
            m.extra().keySet().stream().filter(k -> !k.startsWith(WORK_PREFIX)).forEach(names::add);
        }
        return new ArrayList<>(names);
    }

    /** The work counts' names ({@code work ...}), sorted. */
    static List<String> workNames(CampaignResult result) {
        Set<String> names = new java.util.TreeSet<>();
        for (LevelMeasurement m : result.measurements()) {
            m.extra().keySet().stream().filter(k -> k.startsWith(WORK_PREFIX)).forEach(names::add);
        }
        return new ArrayList<>(names);
    }

    /** Mean and CI95 of the number over the valid repetitions of {@code variant} at {@code level}. */
    static Estimate estimate(CampaignResult result, String variant, int level, String name) {
        List<Double> values = result.measurements().stream()
                .filter(m -> m.variant().equals(variant) && m.level() == level
                        && m.verdict() == LevelMeasurement.Verdict.OK)
                .map(m -> m.extra(name)).filter(v -> !Double.isNaN(v)).toList();
        return values.isEmpty() ? Estimate.EMPTY : Estimate.of(values);
    }

    /** A reader's title of a number's name. */
    static String label(String name) {
        return name.equals(LevelMeasurement.MAKESPAN) ? "Makespan (s): first user's start to last user's end" : name;
    }

    /** The unit a name carries in parentheses, or the makespan's seconds. */
    static String unit(String name) {
        if (name.equals(LevelMeasurement.MAKESPAN)) {
            return "s";
        }
        int open = name.lastIndexOf('(');
        return open >= 0 && name.endsWith(")") ? name.substring(open + 1, name.length() - 1) : "";
    }

    /** Long format: one row per run and number, work counts included. */
    static Csv csv(CampaignResult result) {
        Csv csv = new Csv("variant", "repetition", "users", "verdict", "name", "value");
        for (LevelMeasurement m : result.measurements()) {
            m.extra().forEach((name, value) -> csv.row(m.variant(), m.repetition(), m.level(), m.verdict(), name,
                    value));
        }
        return csv;
    }
}
