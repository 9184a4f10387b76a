package io.paradigmlab.lab.api.data;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Rows streamed into one table with {@code COPY ... FROM STDIN} (text format), sent in batches of about 1 MB.
 * Values are written straight into a byte buffer: every value a generator writes must be plain ASCII without tabs,
 * newlines or backslashes (checked), so nothing needs escaping.
 */
public final class CopyStream implements AutoCloseable {

    private static final int FLUSH_AT = 1 << 20;
    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    private final String table;
    private final CopyIn copy;
    private final Meter meter;
    private final long expected;
    private final long started = System.nanoTime();
    private byte[] buf = new byte[FLUSH_AT + 64 * 1024];
    private int len;
    private long rows;
    private boolean first = true;
    private long dayCached = Long.MIN_VALUE;
    private final byte[] dayText = new byte[10];

    public CopyStream(Connection connection, String table, String columns, Meter meter, long expected) throws SQLException {
        this.table = table;
        this.meter = meter;
        this.expected = expected;
        this.copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + table + " (" + columns + ") FROM STDIN");
    }

    public long rows() {
        return rows;
    }

    public CopyStream uuid(long hi, long lo) {
        sep();
        ensure(36);
        hex(hi >>> 32, 8);
        buf[len++] = '-';
        hex(hi >>> 16, 4);
        buf[len++] = '-';
        hex(hi, 4);
        buf[len++] = '-';
        hex(lo >>> 48, 4);
        buf[len++] = '-';
        hex(lo, 12);
        return this;
    }

    public CopyStream text(CharSequence s) {
        sep();
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 128 || c == '\t' || c == '\n' || c == '\r' || c == '\\') {
                throw new IllegalArgumentException("not plain text for COPY: " + s);
            }
            buf[len++] = (byte) c;
        }
        return this;
    }

    public CopyStream number(long n) {
        return text(Long.toString(n));
    }

    public CopyStream bool(boolean b) {
        return text(b ? "t" : "f");
    }

    public CopyStream nul() {
        sep();
        ensure(2);
        buf[len++] = '\\';
        buf[len++] = 'N';
        return this;
    }

    public CopyStream date(LocalDate d) {
        return text(d.toString());
    }

    /** A timestamptz from epoch milliseconds, in UTC: {@code 2025-03-04 05:06:07.089+00}. */
    public CopyStream timestamp(long epochMillis) {
        sep();
        ensure(26);
        long day = Math.floorDiv(epochMillis, 86_400_000L);
        if (day != dayCached) {
            byte[] t = LocalDate.ofEpochDay(day).toString().getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(t, 0, dayText, 0, 10);
            dayCached = day;
        }
        System.arraycopy(dayText, 0, buf, len, 10);
        len += 10;
        long ms = Math.floorMod(epochMillis, 86_400_000L);
        buf[len++] = ' ';
        two((int) (ms / 3_600_000));
        buf[len++] = ':';
        two((int) (ms / 60_000 % 60));
        buf[len++] = ':';
        two((int) (ms / 1000 % 60));
        buf[len++] = '.';
        int milli = (int) (ms % 1000);
        buf[len++] = (byte) ('0' + milli / 100);
        buf[len++] = (byte) ('0' + milli / 10 % 10);
        buf[len++] = (byte) ('0' + milli % 10);
        buf[len++] = '+';
        buf[len++] = '0';
        buf[len++] = '0';
        return this;
    }

    /** Ends the row; flushes a full buffer and now and then reports progress. */
    public void endRow() throws SQLException {
        ensure(1);
        buf[len++] = '\n';
        first = true;
        rows++;
        if (len >= FLUSH_AT) {
            flush();
        }
        if ((rows & 0x3FFF) == 0 && meter.due()) {
            meter.rows(table, rows, expected, started, false);
        }
    }

    private void flush() throws SQLException {
        if (len > 0) {
            copy.writeToCopy(buf, 0, len);
            len = 0;
        }
    }

    @Override
    public void close() throws SQLException {
        try {
            flush();
            copy.endCopy();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
        meter.rows(table, rows, rows, started, true);
    }

    private void sep() {
        if (!first) {
            ensure(1);
            buf[len++] = '\t';
        }
        first = false;
    }

    private void ensure(int more) {
        if (len + more > buf.length) {
            byte[] bigger = new byte[Math.max(buf.length * 2, len + more)];
            System.arraycopy(buf, 0, bigger, 0, len);
            buf = bigger;
        }
    }

    private void hex(long v, int digits) {
        for (int i = digits - 1; i >= 0; i--) {
            buf[len++] = HEX[(int) (v >>> (i * 4)) & 0xF];
        }
    }

    private void two(int v) {
        buf[len++] = (byte) ('0' + v / 10);
        buf[len++] = (byte) ('0' + v % 10);
    }

}
