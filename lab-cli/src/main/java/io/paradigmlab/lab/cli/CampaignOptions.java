package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.AotCache;
import java.util.ArrayList;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.LoadPreset;
import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.load.LoadPlan;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of the campaign options' values, with messages that say what was wrong. */
final class CampaignOptions {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    /** Launch settings the lab itself takes for every application, key to one line (./lab list prints them). */
    static final Map<String, String> LAB_SETTINGS = Map.of(AotCache.SETTING, "on (default) starts every service JVM"
            + " from a JDK AOT cache built once per jar and JDK; off starts them from their jars");

    private CampaignOptions() {
    }

    /**
     * The launch settings of {@code --set KEY=VALUE} (repeatable) and {@code --faithful}, checked against what the
     * application accepts ({@link Application#launchSettings()}) and the lab's own ({@link #LAB_SETTINGS}).
     */
    static Map<String, String> launchSettings(Application application, List<String> sets, boolean faithful) {
        return launchSettings(application, sets, faithful, null);
    }

    /** As above, with {@code --instances N} (null when not given) as the setting {@link Application#INSTANCES}. */
    static Map<String, String> launchSettings(Application application, List<String> sets, boolean faithful,
                                              Integer instances) {
        Map<String, String> accepted = application.launchSettings();
        Map<String, String> chosen = new java.util.TreeMap<>();
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0 || eq == set.length() - 1) {
                throw new LabException("--set takes KEY=VALUE, got '" + set + "'");
            }
            chosen.put(set.substring(0, eq).trim(), set.substring(eq + 1).trim());
        }
        if (faithful) {
            chosen.put(Application.FAITHFUL, "true");
        }
        if (instances != null) {
            if (instances < 1 || instances > Application.MAX_INSTANCES) {
                throw new LabException("--instances takes 1 to " + Application.MAX_INSTANCES + ", got " + instances);
            }
            chosen.put(Application.INSTANCES, instances.toString());
        }
        for (String key : chosen.keySet()) {
            if (key.equals(AotCache.SETTING)) {
                // the lab's own, for every application
                onOff("--set " + AotCache.SETTING, chosen.get(key));
                continue;
            }
            if (!accepted.containsKey(key)) {
                throw new LabException((key.equals(Application.FAITHFUL) ? "--faithful: "
                        : key.equals(Application.INSTANCES) && instances != null ? "--instances: "
                        : "--set " + key + ": ")
                        + application.id() + (accepted.isEmpty() ? " has no launch settings"
                        : " accepts " + String.join(", ", accepted.keySet())) + " (./lab list)");
            }
        }
        return chosen;
    }

    private static final Pattern MILLIS = Pattern.compile("(\\d+)(ms)?");

    /**
     * The Redis latency of {@code --redis-latency LATENCY[,JITTER]} (whole milliseconds, e.g. {@code 3ms,1ms}; {@code 0}
     * or {@code off}: none) for {@code scenario}: it replaces the scenario's own ({@link ScenarioInfo#redisLatency()})
     * and delays the same service. Without the option (null), the scenario's own.
     */
    static RedisLatency redisLatency(ScenarioInfo scenario, String text) {
        if (text == null) {
            return scenario.redisLatency();
        }
        String value = text.trim();
        if (value.equals("0") || value.equals("0ms") || value.equals("off")) {
            return null;
        }
        if (scenario.redisLatency() == null) {
            throw new LabException("--redis-latency: the " + scenario.id() + " scenario injects no Redis latency (no"
                    + " service of it is declared to reach Redis through one); the option changes a scenario's own,"
                    + " such as tweebyte's cache");
        }
        String[] parts = value.split(",", -1);
        if (parts.length > 2) {
            throw new LabException("--redis-latency takes LATENCY[,JITTER] in whole milliseconds (e.g. 3ms,1ms), or 0"
                    + " to switch it off; got '" + text + "'");
        }
        long latency = millis(parts[0], text);
        long jitter = parts.length == 2 ? millis(parts[1], text) : 0;
        if (latency < 1 || jitter > latency) {
            throw new LabException("--redis-latency: the latency must be at least 1 ms and the jitter at most the"
                    + " latency; got '" + text + "' (0 switches it off)");
        }
        return new RedisLatency(scenario.redisLatency().service(), Duration.ofMillis(latency),
                Duration.ofMillis(jitter));
    }

    private static long millis(String part, String text) {
        Matcher m = MILLIS.matcher(part.trim());
        if (!m.matches()) {
            throw new LabException("--redis-latency takes LATENCY[,JITTER] in whole milliseconds (e.g. 3ms,1ms), or 0"
                    + " to switch it off; got '" + text + "'");
        }
        return Long.parseLong(m.group(1));
    }

    /**
     * The load plan of {@code --ladder NAME} among the scenario's ({@link Application#loadPresets}); without the
     * option, the scenario's {@value LoadPreset#QUICK} plan, or null when it has none (the lab's defaults apply).
     */
    static LoadPreset preset(Application application, ScenarioInfo scenario, String name) {
        List<LoadPreset> presets = application.loadPresets(scenario);
        String wanted = name == null ? LoadPreset.QUICK : name.trim();
        for (LoadPreset preset : presets) {
            if (preset.name().equals(wanted)) {
                return preset;
            }
        }
        if (name == null) {
            return null;
        }
        throw new LabException("--ladder " + name + ": the " + scenario.id() + " scenario of " + application.id()
                + (presets.isEmpty() ? " has no named load plan; give --levels, --reps, --warmup and --duration"
                : " has " + String.join(", ", presets.stream().map(LoadPreset::name).toList())) + " (./lab list)");
    }

    static List<Integer> levels(String text) {
        List<Integer> levels = new ArrayList<>();
        for (String part : text.split(",")) {
            String trimmed = part.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                levels.add(Integer.parseInt(trimmed));
            } catch (NumberFormatException e) {
                throw new LabException("--levels takes whole numbers separated by commas (e.g. 1,10,50), got '"
                        + trimmed + "' in '" + text + "'");
            }
        }
        if (levels.isEmpty()) {
            throw new LabException("--levels needs at least one level");
        }
        return levels;
    }

    /** Seconds in "90", "90s", "3m", "1h". */
    static int seconds(String option, String text) {
        Matcher m = DURATION.matcher(text.trim());
        if (!m.matches()) {
            throw new LabException(option + " takes a duration like 60s, 3m or 90 (seconds), got '" + text + "'");
        }
        long value = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        long seconds = switch (unit) {
            case "ms" -> value / 1000;
            case "m" -> value * 60;
            case "h" -> value * 3600;
            default -> value;
        };
        return (int) seconds;
    }

    /**
     * The soak window of {@code --soak DURATION}, in seconds, checked with the options it depends on: it holds one
     * level ({@code levels}, the text of {@code --levels}, giving exactly one), is the measured window (so no
     * {@code --duration}), and needs a load for a time (no fixed-work experiment) measured as such (no profiling
     * run, whose profilers would be in the service JVMs for the whole window). At least
     * {@link LoadPlan#MIN_SOAK_SLICES} slices of {@link LoadPlan#MIN_SLICE_SECONDS}.
     */
    static int soakSeconds(String text, String levels, String duration, boolean experiment, boolean profile) {
        if (experiment) {
            throw new LabException("--soak holds a load for a time; this scenario is a fixed-work experiment, whose"
                    + " users do a set amount of work to completion");
        }
        if (levels == null) {
            throw new LabException("--soak holds one level: give it with --levels N (users in the closed model,"
                    + " requests per second in the open model), e.g. --levels 200");
        }
        List<Integer> parsed = levels(levels);
        if (parsed.size() != 1) {
            throw new LabException("--soak holds one level for its whole window; --levels gives " + parsed.size()
                    + " (" + levels.trim() + "): give one, e.g. --levels " + parsed.getLast());
        }
        if (duration != null) {
            throw new LabException("--soak DURATION is the measured window; leave out --duration (the length of each"
                    + " slice follows from the window)");
        }
        if (profile) {
            throw new LabException("--profile does not go with --soak: the profilers would stay in the service JVMs"
                    + " for the whole window; profile with a short run of the same level instead");
        }
        int seconds = seconds("--soak", text);
        try {
            LoadPlan.soakSlices(seconds);
        } catch (LabException e) {
            throw new LabException("--soak " + text.trim() + ": " + e.getMessage());
        }
        return seconds;
    }

    /**
     * {@code --security}: {@code text} on or off, or null for the application's default (on where it checks tokens).
     * On is refused for an application that checks none, since it would change nothing it claims to.
     */
    static boolean security(Application application, String text) {
        if (text == null) {
            return application.checksTokens();
        }
        boolean on = onOff("--security", text);
        if (on && !application.checksTokens()) {
            throw new LabException("--security on: " + application.id() + " checks no tokens, so there is nothing"
                    + " to switch on; leave --security out");
        }
        return on;
    }

    static boolean onOff(String option, String text) {
        return switch (text) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new LabException(option + " takes on or off, got: " + text);
        };
    }

    /** The value of {@code --warmup} that asks for the adaptive warm-up. */
    static final String ADAPTIVE = "adaptive";

    /**
     * The warm-up and steady-state rule of {@code --warmup} ({@code warmup}: {@value #ADAPTIVE}, a duration, or null),
     * {@code --warmup-cap}, {@code --steady-band} and {@code --steady-jit-share}. Adaptive when asked for, or when
     * neither {@code --warmup} nor a load plan ({@code preset}) gives a warm-up; a duration, or a preset's warm-up, is
     * a fixed one (a named plan reproduces a protocol, its warm-up included).
     */
    static SteadyState steadyState(String warmup, boolean preset, String cap, double band, double jitShare) {
        boolean adaptive = warmup == null ? !preset : warmup.trim().equals(ADAPTIVE);
        if (warmup != null && !adaptive) {
            seconds("--warmup", warmup); // a duration, or a message that says what is expected
        }
        if (!(jitShare >= 0) || jitShare > 1) {
            throw new LabException("--steady-jit-share is a share between 0 and 1 (0.05: 5 %), got " + jitShare);
        }
        if (!(band >= 0) || band > 1) {
            throw new LabException("--steady-band is a share between 0 and 1 (0.10: 10 %), got " + band);
        }
        int capSeconds = seconds("--warmup-cap", cap);
        if (capSeconds < SteadyState.WINDOW_SECONDS) {
            throw new LabException("--warmup-cap must hold at least one warm-up window of " + SteadyState.WINDOW_SECONDS
                    + " s, got " + cap);
        }
        return new SteadyState(adaptive, SteadyState.WINDOW_SECONDS, capSeconds, band, jitShare);
    }

    /** {@code --startup-probe}: on (every repetition), first (the first only) or off. */
    static String startupProbeMode(String text) {
        return switch (text) {
            case "on" -> CampaignSettings.PROBE_EVERY;
            case "first" -> CampaignSettings.PROBE_FIRST;
            case "off" -> CampaignSettings.PROBE_OFF;
            default -> throw new LabException("--startup-probe takes on, first or off, got: " + text);
        };
    }
}
