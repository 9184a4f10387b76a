package io.paradigmlab.chatapp.schema;

import java.util.List;

/**
 * Every SQL statement of ChatApp, run as these very strings by every variant (spec 4.2: same SQL, equal work). The
 * text is written with PostgreSQL's positional {@code $1, $2...} placeholders, which the Vert.x PG client takes as is;
 * pgjdbc takes {@link Statement#jdbc()}, the same text with {@code ?}. That conversion is exact because each statement
 * uses {@code $1..$n} once each, in increasing order (checked when a {@link Statement} is built).
 *
 * <p>The {@link Statement#name()} is how the equal-work report refers to a statement ({@code pg_stat_statements}
 * calls per query).
 */
public final class ChatSql {

    /** A named statement; {@code pg} uses {@code $1..$n}, each once, in order. */
    public record Statement(String name, String pg, String jdbc) {

        /**
         * @param jdbc the text for pgjdbc: every {@code $n} of {@code pg} replaced by {@code ?} (same order, so the same
         *             bind indexes); computed once here, since the thread variants prepare it on every request
         */
        public Statement {
            if (name == null || name.isBlank() || pg == null || pg.isBlank()) {
                throw new IllegalArgumentException("a statement needs a name and a text");
            }
            parameters(pg); // throws unless $1..$n appear once each, in increasing order
            if (!toJdbc(pg).equals(jdbc)) {
                throw new IllegalArgumentException("the JDBC text of " + name + " must be its $n text with ? for $n");
            }
        }

        public Statement(String name, String pg) {
            this(name, pg, pg == null ? null : toJdbc(pg));
        }

        private static String toJdbc(String pg) {
            StringBuilder out = new StringBuilder(pg.length());
            for (int i = 0; i < pg.length(); i++) {
                char c = pg.charAt(i);
                if (c == '$' && i + 1 < pg.length() && Character.isDigit(pg.charAt(i + 1))) {
                    out.append('?');
                    while (i + 1 < pg.length() && Character.isDigit(pg.charAt(i + 1))) {
                        i++;
                    }
                } else {
                    out.append(c);
                }
            }
            return out.toString();
        }

        /** The number of parameters ({@code n} of {@code $1..$n}). */
        public int parameters() {
            return parameters(pg);
        }

        private static int parameters(String pg) {
            int expected = 1;
            for (int i = 0; i < pg.length(); i++) {
                if (pg.charAt(i) == '$' && i + 1 < pg.length() && Character.isDigit(pg.charAt(i + 1))) {
                    int end = i + 1;
                    while (end < pg.length() && Character.isDigit(pg.charAt(end))) {
                        end++;
                    }
                    int n = Integer.parseInt(pg.substring(i + 1, end));
                    if (n != expected) {
                        throw new IllegalArgumentException("expected $" + expected + " but found $" + n + " in: " + pg);
                    }
                    expected++;
                    i = end - 1;
                }
            }
            return expected - 1;
        }
    }

    /** $1 nickname, $2 firstname, $3 lastname, $4 password hash. One row (id), or none when the nick is taken. */
    public static final Statement REGISTER = new Statement("REGISTER",
            "INSERT INTO person (nickname, firstname, lastname, password) VALUES ($1,$2,$3,$4)"
                    + " ON CONFLICT (nickname) DO NOTHING RETURNING id");

    /** $1 nickname. Columns: id, password (char(64): compare after trimming, though a SHA-256 hex is always 64). */
    public static final Statement LOGIN = new Statement("LOGIN",
            "SELECT id, password FROM person WHERE nickname = $1");

    /** $1 person id. Written by a login unless the server is {@code stateless}. */
    public static final Statement TOUCH_LOGIN = new Statement("TOUCH_LOGIN",
            "UPDATE person SET last_login = now() WHERE id = $1");

    /** $1 firstname, $2 lastname, $3 password hash (each null = unchanged), $4 person id. */
    public static final Statement UPDATE_PERSON = new Statement("UPDATE_PERSON",
            "UPDATE person SET firstname = coalesce($1, firstname), lastname = coalesce($2, lastname),"
                    + " password = coalesce($3, password), modified_at = now() WHERE id = $4");

    /** $1 nickname. One row when registered: tells UNKNOWN_RECIPIENT from RECIPIENT_OFFLINE. */
    public static final Statement PERSON_EXISTS = new Statement("PERSON_EXISTS",
            "SELECT 1 FROM person WHERE nickname = $1");

    /** $1 author id, $2 content, $3 kind, $4 edit type (wire forms), $5 targets (text[]). Columns: id, created_at. */
    public static final Statement INSERT_MESSAGE = new Statement("INSERT_MESSAGE",
            "INSERT INTO message (created_by, content, kind, edit_type, targets) VALUES ($1,$2,$3,$4,$5)"
                    + " RETURNING id, created_at");

    private static final String EDIT_TAIL = ", version = m.version + 1, modified_by = $2, modified_at = now()"
            + " WHERE m.id = $3 AND (m.edit_type = 'public' OR (m.edit_type = 'private' AND m.created_by = $4))"
            + " RETURNING m.id, m.kind, m.targets, m.content, m.version, m.modified_at,"
            + " (SELECT nickname FROM person WHERE id = m.created_by) AS author";

    /**
     * $1 new content, $2 editor id, $3 message id, $4 editor id. The permission rule and the version bump in one
     * statement, serialized by the row lock (spec 4.2). Columns: id, kind, targets, content, version, modified_at,
     * author; no row when missing or forbidden (then {@link #EDIT_PROBE}).
     */
    public static final Statement EDIT_REPLACE = new Statement("EDIT_REPLACE",
            "UPDATE message m SET content = $1" + EDIT_TAIL);

    /** As {@link #EDIT_REPLACE}, but $1 is appended to the content (B.2: no lost update). */
    public static final Statement EDIT_APPEND = new Statement("EDIT_APPEND",
            "UPDATE message m SET content = m.content || $1" + EDIT_TAIL);

    /** $1 message id. Column: edit_type; no row means NOT_FOUND, a row EDIT_FORBIDDEN. Only after an edit missed. */
    public static final Statement EDIT_PROBE = new Statement("EDIT_PROBE",
            "SELECT edit_type FROM message WHERE id = $1");

    /** $1 message id. Column: content ({@code pal.msgId}). */
    public static final Statement MESSAGE_CONTENT = new Statement("MESSAGE_CONTENT",
            "SELECT content FROM message WHERE id = $1");

    /** $1 line id. Column: content ({@code pal.lineId}). */
    public static final Statement CPU_LINE = new Statement("CPU_LINE",
            "SELECT content FROM cpu_line WHERE id = $1");

    /**
     * $1 after id, $2 caller id, $3 caller nick, $4 caller nick, $5 limit. The messages the caller may see (every
     * broadcast, its own, unicasts to it, blockcasts not blocking it), by id. Columns: id, nickname, kind, edit_type,
     * content, version, created_at.
     */
    public static final Statement HISTORY = new Statement("HISTORY",
            "SELECT m.id, p.nickname, m.kind, m.edit_type, m.content, m.version, m.created_at FROM message m"
                    + " JOIN person p ON p.id = m.created_by WHERE m.id > $1 AND (m.kind = 'broadcast'"
                    + " OR m.created_by = $2 OR (m.kind = 'unicast' AND $3 = ANY(m.targets))"
                    + " OR (m.kind = 'blockcast' AND NOT ($4 = ANY(m.targets)))) ORDER BY m.id LIMIT $5");

    /** Every statement, in the order above. */
    public static final List<Statement> ALL = List.of(REGISTER, LOGIN, TOUCH_LOGIN, UPDATE_PERSON, PERSON_EXISTS,
            INSERT_MESSAGE, EDIT_REPLACE, EDIT_APPEND, EDIT_PROBE, MESSAGE_CONTENT, CPU_LINE, HISTORY);

    private ChatSql() {
    }
}
