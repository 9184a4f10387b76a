package io.paradigmlab.lab.data;

import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.infra.PostgresEndpoint;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Deterministic synthetic accounts for the user service: the same seed and count give the same rows, byte for
 * byte, so every variant and repetition meets the same data. Loaded with COPY, not through the HTTP API, so
 * seeding a million users takes seconds and puts no load on the service before measuring.
 */
public final class SyntheticUsers {

    /** Every synthetic account's password (one BCrypt hash, computed once: the summary scenario never logs in). */
    public static final String PASSWORD = "synthetic-password";

    private static final String[] FIRST = {"ada", "alan", "grace", "linus", "barbara", "ken", "dennis", "margaret",
            "edsger", "donald", "frances", "john", "radia", "tim", "guido", "james", "anita", "bjarne", "niklaus",
            "leslie", "shafi", "silvio", "tony", "robin", "judea", "ivan", "butler", "fran", "whitfield", "martin"};
    private static final String[] LAST = {"lovelace", "turing", "hopper", "torvalds", "liskov", "thompson", "ritchie",
            "hamilton", "dijkstra", "knuth", "allen", "backus", "perlman", "lee", "rossum", "gosling", "borg",
            "stroustrup", "wirth", "lamport", "goldwasser", "micali", "hoare", "milner", "pearl", "sutherland",
            "lampson", "diffie", "hellman", "fowler"};
    private static final String[] WORDS = {"writes", "about", "concurrency", "distributed", "systems", "coffee",
            "java", "threads", "reactive", "streams", "databases", "latency", "and", "the", "of", "loves", "hiking",
            "music", "open", "source", "cats", "queues", "backpressure", "virtual", "loops", "events", "builds", "tests"};
    private static final int BATCH = 10_000;
    private static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private SyntheticUsers() {
    }

    /**
     * Inserts {@code count} users into the users table of {@code database} and returns their ids in insertion
     * order. User names are unique by construction ({@code first_last_<n>}).
     */
    public static List<UUID> load(PostgresEndpoint pg, String database, int count, long seed) {
        if (count < 1) {
            throw new LabException("The number of synthetic users must be at least 1, got " + count);
        }
        String hash = new BCryptPasswordEncoder(10).encode(PASSWORD);
        Random random = new Random(seed);
        List<UUID> ids = new ArrayList<>(count);
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password())) {
            var copy = c.unwrap(PGConnection.class).getCopyAPI();
            StringBuilder rows = new StringBuilder();
            for (int i = 0; i < count; i++) {
                UUID id = new UUID((random.nextLong() & ~0xF000L) | 0x4000L,
                        (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L);
                ids.add(id);
                String name = FIRST[random.nextInt(FIRST.length)] + "_" + LAST[random.nextInt(LAST.length)] + "_" + i;
                rows.append(id).append('\t').append(name).append('\t').append(name).append("@example.org\t")
                        .append(biography(random)).append('\t').append(random.nextInt(10) == 0).append('\t')
                        .append(hash).append('\t')
                        .append(LocalDate.of(1950, 1, 1).plusDays(random.nextInt(20_000))).append('\t')
                        .append(EPOCH.plusSeconds(random.nextInt(300 * 86_400))).append('\n');
                if ((i + 1) % BATCH == 0 || i == count - 1) {
                    copy(copy, rows.toString());
                    rows.setLength(0);
                }
            }
        } catch (SQLException | IOException e) {
            throw new LabException("Cannot load synthetic users into " + database + ": " + e.getMessage(), e);
        }
        return ids;
    }

    private static void copy(org.postgresql.copy.CopyManager copy, String rows) throws SQLException, IOException {
        try (Reader reader = new StringReader(rows)) {
            copy.copyIn("COPY users (id, user_name, email, biography, is_private, password, birth_date, created_at)"
                    + " FROM STDIN", reader);
        }
    }

    private static String biography(Random random) {
        int words = 5 + random.nextInt(20);
        StringBuilder bio = new StringBuilder();
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                bio.append(' ');
            }
            bio.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return bio.append('.').toString();
    }
}
