package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.BenchmarkData;
import io.hyperfoil.api.config.BenchmarkDefinitionException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The benchmark's data: files named relatively in a scenario are looked up in the data folder. */
final class DataFolder implements BenchmarkData {

    private final Path folder;
    private final Map<String, CsvTable> tables = new ConcurrentHashMap<>();

    DataFolder(Path folder) {
        this.folder = folder;
    }

    /** The file, mapped once per benchmark run: every phase shares its {@code pick: next} cursor. */
    CsvTable table(String file) {
        return tables.computeIfAbsent(file, f -> CsvTable.map(f, require(f)));
    }

    /**
     * One line per file whose {@code pick: next} rows ran out during the run and were drawn again: a write
     * scenario's second use of a row may fail (a follow that exists answers 409).
     */
    List<String> reusedRows() {
        return tables.values().stream().filter(t -> t.nextDraws() > t.rows()).sorted(
                java.util.Comparator.comparing(CsvTable::file)).map(t -> String.format(
                "%s: %,d rows drawn in order (pick: next) from its %,d rows, so %,d were used a second time; a"
                        + " larger --scale has more rows", t.file(), t.nextDraws(), t.rows(), t.nextDraws() - t.rows()))
                .toList();
    }

    /** The file's path; a clear error when it is missing. */
    Path require(String file) {
        Path path = folder.resolve(file);
        if (!Files.isRegularFile(path)) {
            throw new BenchmarkDefinitionException("Data file " + file + " is missing: no " + path.toAbsolutePath());
        }
        return path;
    }

    @Override
    public InputStream readFile(String file) {
        try {
            return Files.newInputStream(require(file));
        } catch (IOException e) {
            throw new BenchmarkDefinitionException("Data file " + file + " cannot be read: " + e, e);
        }
    }

    @Override
    public Map<String, byte[]> files() {
        return Map.of();
    }
}
