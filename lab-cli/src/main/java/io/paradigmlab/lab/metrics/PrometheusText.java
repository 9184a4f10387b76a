package io.paradigmlab.lab.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Prometheus text exposition format (and OpenMetrics' text, which shares its sample lines), read into series:
 * {@code name{label="value",...} value [timestamp]}. Comments, blank lines and lines that do not parse are skipped:
 * a probe reads what it can rather than failing on one odd line.
 */
final class PrometheusText {

    /** One sample line: the metric's name, its labels and the value. */
    record Series(String name, Map<String, String> labels, double value) {

        String label(String key) {
            return labels.get(key);
        }
    }

    private PrometheusText() {
    }

    static List<Series> parse(String exposition) {
        List<Series> series = new ArrayList<>();
        for (String line : exposition.split("\n")) {
            Series s = line(line.strip());
            if (s != null) {
                series.add(s);
            }
        }
        return series;
    }

    /** One line, or null for a comment, a blank line or one that does not parse. */
    static Series line(String line) {
        if (line.isEmpty() || line.startsWith("#")) {
            return null;
        }
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ' && line.charAt(i) != '\t') {
            i++;
        }
        String name = line.substring(0, i);
        if (name.isEmpty()) {
            return null;
        }
        Map<String, String> labels = new LinkedHashMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (true) {
                while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == ',')) {
                    i++;
                }
                if (i >= line.length()) {
                    return null;
                }
                if (line.charAt(i) == '}') {
                    i++;
                    break;
                }
                int eq = line.indexOf('=', i);
                if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
                    return null;
                }
                String key = line.substring(i, eq).strip();
                StringBuilder value = new StringBuilder();
                int j = eq + 2;
                boolean closed = false;
                while (j < line.length()) {
                    char c = line.charAt(j);
                    if (c == '\\' && j + 1 < line.length()) {
                        char next = line.charAt(j + 1);
                        value.append(next == 'n' ? '\n' : next);
                        j += 2;
                    } else if (c == '"') {
                        closed = true;
                        j++;
                        break;
                    } else {
                        value.append(c);
                        j++;
                    }
                }
                if (!closed) {
                    return null;
                }
                labels.put(key, value.toString());
                i = j;
            }
        }
        String[] rest = line.substring(i).strip().split("[ \t]+");
        if (rest.length == 0 || rest[0].isEmpty()) {
            return null;
        }
        double value;
        try {
            value = switch (rest[0]) {
                case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
                case "-Inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(rest[0]);
            };
        } catch (NumberFormatException e) {
            return null;
        }
        return new Series(name, Map.copyOf(labels), value);
    }
}
