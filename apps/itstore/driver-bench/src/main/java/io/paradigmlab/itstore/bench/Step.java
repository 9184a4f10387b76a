package io.paradigmlab.itstore.bench;

import java.util.Arrays;

/**
 * One thing an operation asks of the connection. An operation is a list of steps that both drivers run in order, one
 * at a time, on their one connection: what makes the JDBC and the R2DBC variant do the same work.
 *
 * @param kind what to do
 * @param sql  the statement ({@code null} for {@link Kind#BEGIN} and {@link Kind#COMMIT})
 * @param args one value per {@link Sql#names()} entry, in that order (Integer, Long, String, LocalDate, BigDecimal;
 *             never null, so neither driver needs a type for a null)
 */
public record Step(Kind kind, Sql sql, Object[] args) {

    private static final Object[] NONE = {};

    public enum Kind {
        /** A query: every column of every row is read and handed to the sink. */
        QUERY,
        /** INSERT, UPDATE, DELETE: the rows affected are counted. */
        UPDATE,
        /** DDL and maintenance (TRUNCATE, VACUUM): run for its effect, autocommit. */
        EXECUTE,
        /** Start a transaction: the following steps run in it until {@link #COMMIT}. */
        BEGIN,
        COMMIT
    }

    public Step {
        if ((kind == Kind.BEGIN || kind == Kind.COMMIT) != (sql == null)) {
            throw new IllegalArgumentException(kind + (sql == null ? " needs a statement" : " takes no statement"));
        }
        args = args == null ? NONE : args;
        int expected = sql == null ? 0 : sql.names().size();
        if (args.length != expected) {
            throw new IllegalArgumentException("'" + sql + "' takes " + expected + " arguments, got " + args.length
                    + ": " + Arrays.toString(args));
        }
        for (Object arg : args) {
            if (arg == null) {
                throw new IllegalArgumentException("null argument for '" + sql + "'");
            }
        }
    }

    public static Step query(Sql sql, Object... args) {
        return new Step(Kind.QUERY, sql, args);
    }

    public static Step update(Sql sql, Object... args) {
        return new Step(Kind.UPDATE, sql, args);
    }

    public static Step execute(String sql) {
        return new Step(Kind.EXECUTE, Sql.of(sql), NONE);
    }

    public static Step begin() {
        return new Step(Kind.BEGIN, null, NONE);
    }

    public static Step commit() {
        return new Step(Kind.COMMIT, null, NONE);
    }

    @Override
    public String toString() {
        return sql == null ? kind.name() : kind + " " + sql + (args.length == 0 ? "" : " " + Arrays.toString(args));
    }
}
