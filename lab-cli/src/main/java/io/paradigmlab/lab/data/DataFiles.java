package io.paradigmlab.lab.data;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
        try {
            Files.createDirectories(to);
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    if (!file.toString().endsWith(".csv")) {
                        // any other file (a request body, say) may be binary: copied as it is
                        Files.copy(file, to.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                        continue;
                    }
                    java.util.List<String> lines = Files.readAllLines(file);
                    if (lines.size() < 2 || part == 0) {
                        Files.write(to.resolve(file.getFileName()), lines);
                        continue;
                    }
                    java.util.List<String> rows = new java.util.ArrayList<>(lines.subList(1, lines.size()));
                    java.util.Collections.rotate(rows, -(int) ((long) part * rows.size() / parts));
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
