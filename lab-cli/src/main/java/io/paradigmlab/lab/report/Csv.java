package io.paradigmlab.lab.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * An RFC 4180 CSV file: comma-separated, CRLF-free (LF) lines, fields quoted when they hold a comma, quote or line
 * break. Numbers are written with {@link Double#toString} so they re-read exactly; NaN is an empty field, which
 * spreadsheets, pandas and R all read as missing.
 */
final class Csv {

    private final List<String> lines = new ArrayList<>();
    private final int columns;

    Csv(String... header) {
        columns = header.length;
        row((Object[]) header);
    }

    Csv row(Object... fields) {
        if (fields.length != columns) {
            throw new IllegalArgumentException("expected " + columns + " fields, got " + fields.length);
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                line.append(',');
            }
            line.append(field(fields[i]));
        }
        lines.add(line.toString());
        return this;
    }

    void write(Path file) {
        try {
            Files.write(file, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + file, e);
        }
    }

    static String field(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double d) {
            return d.isNaN() ? "" : d.toString();
        }
        String text = value.toString();
        if (text.indexOf(',') >= 0 || text.indexOf('"') >= 0 || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
