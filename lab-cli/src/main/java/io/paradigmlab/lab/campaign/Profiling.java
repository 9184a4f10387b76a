package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.results.LevelMeasurement;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code ./lab run ... --profile} asks for: after the measured repetitions, one profiling run per launched variant
 * at one level ({@link ProfileRun}).
 *
 * @param level the level to profile at ({@code --profile-level}), or null for the default: the highest level at which
 *              every launched variant was OK in every measured repetition, else the lowest level
 * @param dir   where the recordings and flame graphs go: {@code <report folder>/profiles}, one folder per variant
 */
public record Profiling(Integer level, Path dir) {

    /** The folder of the profiles inside a report's folder. */
    public static final String FOLDER = "profiles";

    /**
     * The profiling a command line asks for, checked before anything runs.
     *
     * @param profile     {@code --profile}
     * @param level       {@code --profile-level} or null; giving it implies {@code --profile}
     * @param levels      the campaign's levels
     * @param launched    the variants the lab launches (an external target cannot be profiled)
     * @param experiment  whether the scenario is a fixed-work experiment
     * @param reportDir   the report's folder
     * @return null when nothing is to be profiled
     * @throws LabException when the level is not among the campaign's, nothing is launched, the scenario is a
     *                      fixed-work experiment or the report's folder has a character the JVM options cannot carry
     */
    public static Profiling of(boolean profile, Integer level, List<Integer> levels, List<String> launched,
                               boolean experiment, Path reportDir) {
        if (!profile && level == null) {
            return null;
        }
        if (level != null && !levels.contains(level)) {
            throw new LabException("--profile-level " + level + " is not one of the campaign's levels " + levels
                    + ": profile a level that was measured, so the profile explains a number of the report");
        }
        if (experiment) {
            throw new LabException("--profile is for load campaigns; a fixed-work experiment (chatapp's) is not"
                    + " profiled yet");
        }
        if (launched.isEmpty()) {
            throw new LabException("--profile: no variant is launched by the lab (only --target), and an external"
                    + " target's JVMs are not the lab's to profile");
        }
        Path dir = reportDir.toAbsolutePath().resolve(FOLDER);
        if (dir.toString().contains(",") || dir.toString().contains("=")) {
            throw new LabException("--profile: the report's folder " + reportDir + " contains ',' or '=', which the"
                    + " JVM's recording options cannot carry; give --output a folder without them");
        }
        return new Profiling(level, dir);
    }

    /** The level chosen and why. */
    public record Choice(int level, String reason) {
    }

    /**
     * The level to profile: the one asked for, else the highest level at which every launched variant's measured
     * repetitions were all OK, else (none was) the lowest level.
     */
    public Choice choose(List<Integer> levels, List<String> launched, int repetitions,
                         List<LevelMeasurement> measurements) {
        return choose(level, levels, launched, repetitions, measurements);
    }

    static Choice choose(Integer requested, List<Integer> levels, List<String> launched, int repetitions,
                         List<LevelMeasurement> measurements) {
        if (requested != null) {
            return new Choice(requested, "chosen with --profile-level");
        }
        for (int i = levels.size() - 1; i >= 0; i--) {
            int candidate = levels.get(i);
            boolean ok = launched.stream().allMatch(v -> measurements.stream().filter(m -> m.variant().equals(v)
                    && m.level() == candidate && m.verdict() == LevelMeasurement.Verdict.OK).count() >= repetitions);
            if (ok) {
                return new Choice(candidate, "the highest level at which every variant was OK in every measured"
                        + " repetition");
            }
        }
        return new Choice(levels.getFirst(), "no level was OK for every variant in every measured repetition, so"
                + " the lowest level");
    }
}
