package io.paradigmlab.lab.data;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;

/** The scenario data files of a data set: CSV files with a header row, one folder per data set. */
public final class DataFiles {

    private DataFiles() {
    }

    /**
     * Copies every file of {@code from} into {@code to}, the data rows of each CSV file rotated to start at row
     * {@code part * rows / parts} (the header stays first). An external target's data is not reset between runs:
     * giving each of its runs a different part of the files means a scenario that consumes rows in order (a follow
     * between a new pair, say) never repeats a row an earlier run used.
     */
    public static void copyRotated(Path from, Path to, int part, int parts) {
        copyRotated(from, to, rows -> (long) part * rows / parts);
    }

    /**
     * The same, each CSV file's data rows rotated to start {@code rows} rows further on (modulo its rows): for runs
     * that follow each other on the same data, each starting past the rows the earlier ones drew.
     */
    public static void copyShifted(Path from, Path to, long rows) {
        copyRotated(from, to, size -> Math.floorMod(rows, size));
    }

    /** Copies as {@link #copyRotated(Path, Path, int, int)}, a CSV file starting at {@code start(its data rows)}. */
    private static void copyRotated(Path from, Path to, LongUnaryOperator start) {
        try {
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    if (!file.toString().endsWith(".csv")) {
                        // any other file (a request body, say) may be binary: copied as it is
                        Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                        continue;
                    }
                    List<String> lines = Files.readAllLines(file);
                    if (lines.size() < 2) {
                        Files.write(to.resolve(file.getFileName()), lines);
                        continue;
                    }
                    List<String> rows = new ArrayList<>(lines.subList(1, lines.size()));
                    Collections.rotate(rows, -(int) start.applyAsLong(rows.size()));
                    rows.addFirst(lines.getFirst());
                    Files.write(to.resolve(file.getFileName()), rows);
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot copy the scenario data files from " + from + " to " + to + ": "
                    + e.getMessage(), e);
        }
    }
}
