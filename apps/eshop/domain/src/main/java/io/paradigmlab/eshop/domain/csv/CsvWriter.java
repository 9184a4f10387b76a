package io.paradigmlab.eshop.domain.csv;

/**
 * RFC 4180 output, the counterpart of {@link CsvReader}: a field is quoted when it holds a comma, a quote or a line
 * break (quotes doubled inside), written as is otherwise; records end with CRLF.
 */
public final class CsvWriter {

    /** RFC 4180's record separator. */
    public static final String CRLF = "\r\n";

    private CsvWriter() {
    }

    /** Appends one field, quoted when it must be. */
    public static StringBuilder field(StringBuilder out, String value) {
        if (!needsQuotes(value)) {
            return out.append(value);
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') {
                out.append('"');
            }
            out.append(c);
        }
        return out.append('"');
    }

    /** Appends a whole record: the fields separated by commas, then CRLF. */
    public static StringBuilder record(StringBuilder out, String... fields) {
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            field(out, fields[i]);
        }
        return out.append(CRLF);
    }

    static boolean needsQuotes(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == ',' || c == '"' || c == '\n' || c == '\r') {
                return true;
            }
        }
        // a leading byte-order mark would be skipped by the reader at the start of a file: quoting keeps it
        return !value.isEmpty() && value.charAt(0) == '\uFEFF';
    }
}
