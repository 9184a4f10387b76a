package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.infra.LabException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parsing of the campaign options' values, with messages that say what was wrong. */
final class CampaignOptions {

    private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private CampaignOptions() {
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
