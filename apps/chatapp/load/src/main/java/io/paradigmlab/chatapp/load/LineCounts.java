package io.paradigmlab.chatapp.load;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.WordLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The reference palindrome counts of the {@code cpu_line} rows, which experiment C's {@code pal} results are checked
 * against: from the data set's {@code lines.csv} ({@code id,palindromes}, written by the lab's data generator) when
 * there is one, else computed from the seed exactly as the generator does ({@code WordLines.line(seed, id, 1000)}).
 */
final class LineCounts {

    static final String FILE = "lines.csv";

    private LineCounts() {
    }

    /** counts[id] for ids 1..lines; -1 where {@code needed[id]} is false and nothing was read. */
    static int[] of(Path dataDir, long seed, int lines, boolean[] needed) {
        int[] counts = new int[lines + 1];
        Arrays.fill(counts, -1);
        Path file = dataDir == null ? null : dataDir.resolve(FILE);
        if (file != null && Files.isRegularFile(file)) {
            try {
                List<String> rows = Files.readAllLines(file);
                for (String row : rows.subList(1, rows.size())) {
                    if (row.isBlank()) {
                        continue;
                    }
                    String[] cells = row.split(",");
                    int id = Integer.parseInt(cells[0].trim());
                    if (id >= 1 && id <= lines) {
                        counts[id] = Integer.parseInt(cells[1].trim());
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + file, e);
            }
        }
        for (int id = 1; id <= lines; id++) {
            if (needed[id] && counts[id] < 0) {
                counts[id] = Palindromes.count(WordLines.line(seed, id, BroadcastPalSimulation.WORDS));
            }
        }
        return counts;
    }
}
