package io.paradigmlab.eshop.domain.csv;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;

/**
 * A small RFC 4180 reader: fields separated by commas, records by CRLF (LF and a lone CR are taken too); a field may
 * be quoted, and then holds commas, line breaks and doubled quotes ({@code ""} for {@code "}). Strict where RFC 4180
 * is: a quote inside an unquoted field, text after a closing quote, or a quote left open at the end is a
 * {@link SyntaxError} and ends the reading (past it, where records start cannot be known). Lenient in two harmless
 * ways: a UTF-8 byte-order mark at the start is skipped (spreadsheets write one), and an empty line (no character at
 * all) is no record.
 *
 * <p>Line numbers are physical lines, 1-based, counting line breaks inside quoted fields, so they are what an editor
 * shows; a record's number is the line it starts on. Not thread-safe; reads {@code in} through its own buffer.
 */
public final class CsvReader {

    /** A record: the line it starts on and its fields, none null. */
    public record Row(int line, List<String> fields) {
        public Row {
            fields = List.copyOf(fields);
        }
    }

    /** The input is not RFC 4180 from {@link #line()} on. */
    public static final class SyntaxError extends Exception {
        private final int line;

        SyntaxError(int line, String message) {
            super("line " + line + ": " + message, null, false, false);
            this.line = line;
        }

        /** The line of the record the error is in. */
        public int line() {
            return line;
        }
    }

    private static final int END = -1;

    private final Reader in;
    private final char[] buffer = new char[8_192];
    private final StringBuilder field = new StringBuilder(64);
    private int position;
    private int limit;
    private boolean started;
    private int line = 1;

    public CsvReader(Reader in) {
        this.in = in;
    }

    /** The physical line the reader is on (of the next character it will read). */
    public int line() {
        return line;
    }

    /**
     * The next record, or null at the end of the input.
     *
     * @throws SyntaxError on a misplaced or unclosed quote
     * @throws IOException from the underlying reader (a {@link java.nio.charset.CharacterCodingException} for bytes
     *                     that are not the input's encoding, when its decoder reports them)
     */
    public Row next() throws IOException, SyntaxError {
        if (!started) {
            started = true;
            if (peek() == '\uFEFF') {
                read();
            }
        }
        // empty lines are no records
        while (true) {
            int c = peek();
            if (c == END) {
                return null;
            }
            if (c != '\n' && c != '\r') {
                break;
            }
            lineBreak(read());
        }
        int start = line;
        List<String> fields = new ArrayList<>(8);
        while (true) {
            field.setLength(0);
            int after;
            if (peek() == '"') {
                read();
                while (true) {
                    int c = read();
                    if (c == END) {
                        throw new SyntaxError(start, "quote");
                    }
                    if (c == '"') {
                        if (peek() != '"') {
                            break;
                        }
                        read();
                    } else if (c == '\n' || c == '\r') {
                        countLine(c);
                    }
                    field.append((char) c);
                }
                after = read();
                if (after != ',' && after != '\n' && after != '\r' && after != END) {
                    throw new SyntaxError(start, "quote");
                }
            } else {
                while (true) {
                    int c = read();
                    if (c == ',' || c == '\n' || c == '\r' || c == END) {
                        after = c;
                        break;
                    }
                    if (c == '"') {
                        throw new SyntaxError(start, "quote");
                    }
                    field.append((char) c);
                }
            }
            fields.add(field.toString());
            if (after != ',') {
                lineBreak(after);
                return new Row(start, fields);
            }
        }
    }

    /** Counts a line break just read, taking the LF of a CRLF along. */
    private void lineBreak(int c) throws IOException {
        if (c == '\r' && peek() == '\n') {
            read();
        }
        if (c == '\n' || c == '\r') {
            line++;
        }
    }

    /** Inside a quoted field: a CRLF is two characters of the field but one line. */
    private void countLine(int c) throws IOException {
        if (c == '\n' || peek() != '\n') {
            line++;
        }
    }

    private int peek() throws IOException {
        return fill() ? buffer[position] : END;
    }

    private int read() throws IOException {
        return fill() ? buffer[position++] : END;
    }

    private boolean fill() throws IOException {
        while (position == limit) {
            int n = in.read(buffer, 0, buffer.length);
            if (n < 0) {
                return false;
            }
            position = 0;
            limit = n;
        }
        return true;
    }
}
