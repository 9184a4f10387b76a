package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.BenchmarkDefinitionException;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serial;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A CSV data file of a scenario, read once per benchmark build: a header row naming the columns, then one row per
 * line (comma separated; a value may be double-quoted, {@code ""} inside quotes is a quote). Rows are not parsed up
 * front: the file is memory-mapped (or held as bytes when it does not come from a folder) with the offset of each
 * line, so a data file of millions of rows costs a few megabytes of heap; a row is split when it is drawn.
 * Also holds the shared cursor of {@code pick: next}.
 */
final class CsvTable implements Serializable {

    @Serial
    private static final long serialVersionUID = 1L;

    private final String file;
    private final String[] columns;
    /**
     * The file's bytes. Not serialized by default (a mapped buffer cannot be): {@link #writeObject} writes them, so a
     * benchmark that Hyperfoil's controller sends to its agents (Java serialization) carries its rows along, and the
     * agents need no data folder of their own.
     */
    private transient ByteBuffer data;
    /** Start of each data row; {@code starts[rows]} is the end of the data. Rows end with \n or \r\n. */
    private final int[] starts;
    private final int[] ends;
    private final AtomicLong cursor = new AtomicLong();

    private CsvTable(String file, ByteBuffer data) {
        this.file = file;
        this.data = data;
        int limit = data.limit();
        List<String> header = null;
        int[] rowStarts = new int[1024];
        int[] rowEnds = new int[1024];
        int rows = 0;
        int line = 0;
        int position = 0;
        while (position < limit) {
            int end = position;
            while (end < limit && data.get(end) != '\n') {
                end++;
            }
            int next = end + 1;
            if (end > position && data.get(end - 1) == '\r') {
                end--;
            }
            line++;
            if (end > position) {
                if (header == null) {
                    header = split(position, end, line);
                    header.set(0, header.getFirst().replace("\uFEFF", ""));
                } else {
                    int values = count(position, end, line);
                    if (values != header.size()) {
                        throw new BenchmarkDefinitionException("Data file " + file + " line " + line + " has "
                                + values + " values but its header names " + header.size() + " columns");
                    }
                    if (rows + 1 >= rowStarts.length) {
                        rowStarts = Arrays.copyOf(rowStarts, rowStarts.length * 2);
                        rowEnds = Arrays.copyOf(rowEnds, rowEnds.length * 2);
                    }
                    rowStarts[rows] = position;
                    rowEnds[rows] = end;
                    rows++;
                }
            }
            position = next;
        }
        if (header == null) {
            throw new BenchmarkDefinitionException("Data file " + file + " is empty: it needs a header row naming"
                    + " its columns");
        }
        if (rows == 0) {
            throw new BenchmarkDefinitionException("Data file " + file + " has a header but no rows");
        }
        for (String column : header) {
            if (column.isBlank()) {
                throw new BenchmarkDefinitionException("Data file " + file + " has an empty column name in its"
                        + " header");
            }
        }
        this.columns = header.toArray(String[]::new);
        this.starts = Arrays.copyOf(rowStarts, rows);
        this.ends = Arrays.copyOf(rowEnds, rows);
    }

    /** Maps a file of the data folder. */
    static CsvTable map(String name, Path path) {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size > Integer.MAX_VALUE) {
                throw new BenchmarkDefinitionException("Data file " + name + " is larger than 2 GB");
            }
            return new CsvTable(name, channel.map(FileChannel.MapMode.READ_ONLY, 0, size));
        } catch (IOException e) {
            throw new BenchmarkDefinitionException("Data file " + name + " (" + path + ") cannot be read: " + e, e);
        }
    }

    /** Reads a file from a stream (when the benchmark's data is not a folder on disk). */
    static CsvTable read(String name, InputStream in) {
        try (in) {
            return new CsvTable(name, ByteBuffer.wrap(in.readAllBytes()));
        } catch (IOException e) {
            throw new BenchmarkDefinitionException("Data file " + name + " cannot be read: " + e, e);
        }
    }

    String file() {
        return file;
    }

    String[] columns() {
        return columns.clone();
    }

    int rows() {
        return starts.length;
    }

    /** The next row in file order, across every session and phase of the benchmark; wraps at the end. */
    int next() {
        return (int) Math.floorMod(cursor.getAndIncrement(), (long) starts.length);
    }

    /** How many rows {@link #next()} handed out so far, wraps included. */
    long nextDraws() {
        return cursor.get();
    }

    @Serial
    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        byte[] bytes = new byte[data.limit()];
        data.get(0, bytes);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    @Serial
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        data = ByteBuffer.wrap(bytes);
    }

    /** The values of a row (0-based, header excluded), one per column. */
    String[] row(int index) {
        List<String> values = split(starts[index], ends[index], -1);
        return values.toArray(String[]::new);
    }

    private int count(int from, int to, int line) {
        int values = 1;
        boolean quoted = false;
        for (int i = from; i < to; i++) {
            byte b = data.get(i);
            if (b == '"') {
                quoted = !quoted;
            } else if (b == ',' && !quoted) {
                values++;
            }
        }
        if (quoted) {
            throw new BenchmarkDefinitionException("Data file " + file + " line " + line + " has an unclosed quote");
        }
        return values;
    }

    private List<String> split(int from, int to, int line) {
        byte[] bytes = new byte[to - from];
        data.get(from, bytes);
        List<String> values = new ArrayList<>();
        StringBuilder value = new StringBuilder();
        String text = new String(bytes, StandardCharsets.UTF_8);
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        value.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    value.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                values.add(value.toString());
                value.setLength(0);
            } else {
                value.append(c);
            }
        }
        if (quoted && line > 0) {
            throw new BenchmarkDefinitionException("Data file " + file + " line " + line + " has an unclosed quote");
        }
        values.add(value.toString());
        if (line > 0) {
            values.replaceAll(String::trim);
        }
        return values;
    }
}
