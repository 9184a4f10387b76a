package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.infra.LabException;
import java.util.ArrayList;
import io.paradigmlab.lab.app.Application;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of the campaign options' values, with messages that say what was wrong. */
final class CampaignOptions {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private CampaignOptions() {
    }

    /**
     * The launch settings of {@code --set KEY=VALUE} (repeatable) and {@code --faithful}, checked against what the
     * application accepts ({@link Application#launchSettings()}).
     */
    static Map<String, String> launchSettings(Application application, List<String> sets, boolean faithful) {
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
        for (String key : chosen.keySet()) {
            if (!accepted.containsKey(key)) {
                throw new LabException((key.equals(Application.FAITHFUL) ? "--faithful: " : "--set " + key + ": ")
                        + application.id() + (accepted.isEmpty() ? " has no launch settings"
                        : " accepts " + String.join(", ", accepted.keySet())) + " (./lab list)");
            }
        }
        return chosen;
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

    static boolean onOff(String option, String text) {
        return switch (text) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new LabException(option + " takes on or off, got: " + text);
        };
    }
}
