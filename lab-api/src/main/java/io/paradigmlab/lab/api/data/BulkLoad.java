package io.paradigmlab.lab.api.data;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Loads tables the fast way without changing the schema the migrations made: their indexes, primary and unique keys
 * and foreign keys are dropped before COPY and recreated afterwards from their own definitions
 * ({@code pg_get_indexdef}, {@code pg_get_constraintdef}), so each index is built once by sorting instead of
 * growing row by row. Recreating the keys checks them, so a duplicate or a dangling reference still fails the load.
 * Check and not-null constraints stay in place during COPY.
 */
public final class BulkLoad {

    private record Definition(String table, String name, String sql) {
    }

    private final List<Definition> keys = new ArrayList<>();
    private final List<Definition> indexes = new ArrayList<>();
    private final List<Definition> foreignKeys = new ArrayList<>();
    private final List<String> tables;

    private BulkLoad(List<String> tables) {
        this.tables = tables;
    }

    /** Drops the indexes and keys of {@code tables} (and foreign keys pointing at them), remembering them. */
    public static BulkLoad prepare(Connection c, List<String> tables) throws SQLException {
        BulkLoad load = new BulkLoad(tables);
        String[] names = tables.toArray(String[]::new);
        try (PreparedStatement s = c.prepareStatement("SELECT conrelid::regclass::text, conname,"
                + " pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'f'"
                + " AND (conrelid::regclass::text = ANY(?) OR confrelid::regclass::text = ANY(?)) ORDER BY conname")) {
            s.setArray(1, c.createArrayOf("text", names));
            s.setArray(2, c.createArrayOf("text", names));
            read(s, load.foreignKeys);
        }
        try (PreparedStatement s = c.prepareStatement("SELECT conrelid::regclass::text, conname,"
                + " pg_get_constraintdef(oid) FROM pg_constraint WHERE contype IN ('p', 'u')"
                + " AND conrelid::regclass::text = ANY(?) ORDER BY contype, conname")) {
            s.setArray(1, c.createArrayOf("text", names));
            read(s, load.keys);
        }
        try (PreparedStatement s = c.prepareStatement("SELECT indrelid::regclass::text, indexrelid::regclass::text,"
                + " pg_get_indexdef(indexrelid) FROM pg_index i WHERE indrelid::regclass::text = ANY(?)"
                + " AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid"
                + " AND k.contype IN ('p', 'u', 'x')) ORDER BY 2")) {
            s.setArray(1, c.createArrayOf("text", names));
            read(s, load.indexes);
        }
        try (Statement s = c.createStatement()) {
            for (Definition fk : load.foreignKeys) {
                s.execute("ALTER TABLE " + fk.table() + " DROP CONSTRAINT " + fk.name());
            }
            for (Definition key : load.keys) {
                s.execute("ALTER TABLE " + key.table() + " DROP CONSTRAINT " + key.name());
            }
            for (Definition index : load.indexes) {
                s.execute("DROP INDEX " + index.name());
            }
        }
        return load;
    }

    /** Recreates what {@link #prepare} dropped, then freezes and analyzes the tables (so plans are realistic). */
    public void finish(Connection c, String database, Meter meter) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET maintenance_work_mem = '512MB'");
            for (Definition key : keys) {
                timed(meter, database, "key " + key.name(),
                        () -> s.execute("ALTER TABLE " + key.table() + " ADD CONSTRAINT " + key.name() + " " + key.sql()));
            }
            for (Definition index : indexes) {
                timed(meter, database, "index " + index.name(), () -> s.execute(index.sql()));
            }
            for (Definition fk : foreignKeys) {
                timed(meter, database, "foreign key " + fk.name(),
                        () -> s.execute("ALTER TABLE " + fk.table() + " ADD CONSTRAINT " + fk.name() + " " + fk.sql()));
            }
            for (String table : tables) {
                // FREEZE sets the hint bits and the visibility map now, so the measured runs do not write them
                timed(meter, database, "VACUUM (FREEZE, ANALYZE) " + table,
                        () -> s.execute("VACUUM (FREEZE, ANALYZE) " + table));
            }
        }
    }

    private interface Step {
        void run() throws SQLException;
    }

    private static void timed(Meter meter, String database, String what, Step step) throws SQLException {
        long started = System.nanoTime();
        step.run();
        double seconds = (System.nanoTime() - started) / 1e9;
        if (seconds >= 1) {
            meter.line(String.format(Locale.ROOT, "%s: %s in %.1f s", database, what, seconds));
        }
    }

    private static void read(PreparedStatement s, List<Definition> into) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                into.add(new Definition(rs.getString(1), rs.getString(2), rs.getString(3)));
            }
        }
    }
}
