package io.paradigmlab.chatapp.lab;

import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.SeedUsers;
import io.paradigmlab.chatapp.domain.WordLines;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.data.BulkLoad;
import io.paradigmlab.lab.api.data.CopyStream;
import io.paradigmlab.lab.api.data.Meter;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * ChatApp's data set (spec section 4.4): the accounts {@code user_1..user_N} of {@link SeedUsers} (their password
 * column the unsalted SHA-256 of {@link SeedUsers#password}, spec W10) and the CPU lines of experiment C: ids
 * 1..{@value #CPU_LINES}, each {@link WordLines#line} of {@value #WORDS_PER_LINE} words with its palindrome count
 * ({@link Palindromes#count}), the reference the load checks its {@code pal} results against. No messages: every
 * experiment starts from an empty chat.
 *
 * <p>Deterministic: the same seed gives the same rows (the accounts do not depend on it; the lines do, through
 * {@link WordLines}); {@code created_at} is a fixed instant rather than the load's clock. Loaded with COPY
 * ({@link CopyStream}), the keys built afterwards and the tables frozen and analyzed ({@link BulkLoad}).
 *
 * <p>Scenario data files, read by the load ({@code io.paradigmlab.chatapp.lab.load}): {@value #USERS_CSV}
 * ({@code nick,password}: the clear-text passwords the users log in with) and {@value #LINES_CSV}
 * ({@code id,palindromes}).
 */
public final class ChatDataGenerator implements DataGenerator {

    public static final String USERS_CSV = "users.csv";
    public static final String LINES_CSV = "lines.csv";
    /** Accounts of the {@code standard} scale: the largest experiment's 1,000 users plus room for a sender. */
    public static final int USERS = 1_100;
    /** Rows of {@code cpu_line}. */
    public static final int CPU_LINES = 1_000;
    /** Words per CPU line, as experiment B's broadcast line (spec section 4.4). */
    public static final int WORDS_PER_LINE = 1_000;
    /** Every account's {@code created_at}: fixed, so the same seed gives the same rows. */
    static final long CREATED_AT_MILLIS = 1_735_689_600_000L; // 2025-01-01T00:00:00Z
    /** The tables the generator fills (COPY with keys dropped and rebuilt). */
    static final List<String> TABLES = List.of("person", "cpu_line");

    private static final List<Scale> SCALES = List.of(new Scale("standard", USERS, String.format(Locale.ROOT,
            "%,d accounts user_1..user_%d (password Secret#i) and %,d CPU lines of %,d words with their palindrome"
                    + " counts (about 26 MB), no messages: every experiment", USERS, USERS, CPU_LINES, WORDS_PER_LINE)));

    @Override
    public List<Scale> scales() {
        return SCALES;
    }

    @Override
    public void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed, Path dataDir,
                         Progress progress) {
        String database = database(databases);
        scale(scale.name());
        Meter meter = new Meter(progress);
        long started = System.nanoTime();
        int[] palindromes = new int[CPU_LINES + 1];
        try (Connection c = connect(postgres, database)) {
            BulkLoad load = BulkLoad.prepare(c, TABLES);
            try (CopyStream out = new CopyStream(c, "person", "nickname, firstname, lastname, password, created_at",
                    meter, scale.users())) {
                for (int i = 1; i <= scale.users(); i++) {
                    out.text(SeedUsers.nick(i)).text(SeedUsers.first(i)).text(SeedUsers.last(i))
                            .text(Passwords.sha256Hex(SeedUsers.password(i))).timestamp(CREATED_AT_MILLIS).endRow();
                }
            }
            try (CopyStream out = new CopyStream(c, "cpu_line", "id, content, palindromes", meter, CPU_LINES)) {
                for (int id = 1; id <= CPU_LINES; id++) {
                    String line = WordLines.line(seed, id, WORDS_PER_LINE);
                    palindromes[id] = Palindromes.count(line);
                    out.number(id).text(line).number(palindromes[id]).endRow();
                }
            }
            load.finish(c, database, meter);
        } catch (SQLException e) {
            throw new LabException("Cannot generate the ChatApp data set (" + scale.name() + ", seed " + seed
                    + ") into " + database + ": " + e.getMessage(), e);
        }
        writeFiles(scale.users(), palindromes, dataDir);
        meter.line(String.format(Locale.ROOT, "ChatApp data set %s (seed %d): %,d accounts, %,d CPU lines, loaded in"
                + " %.1f s", scale.name(), seed, scale.users(), CPU_LINES, (System.nanoTime() - started) / 1e9));
    }

    static String database(Map<String, String> databases) {
        if (databases.containsKey(ChatAppApplication.SERVICE)) {
            return databases.get(ChatAppApplication.SERVICE);
        }
        if (databases.size() == 1) {
            return databases.values().iterator().next();
        }
        throw new LabException("The ChatApp data generator fills one database (service '" + ChatAppApplication.SERVICE
                + "'); got " + databases.keySet());
    }

    private static void writeFiles(int users, int[] palindromes, Path dir) {
        try {
            Files.createDirectories(dir);
            try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(USERS_CSV), StandardCharsets.UTF_8)) {
                w.write("nick,password\n");
                for (int i = 1; i <= users; i++) {
                    w.write(SeedUsers.nick(i) + "," + SeedUsers.password(i) + "\n");
                }
            }
            try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(LINES_CSV), StandardCharsets.UTF_8)) {
                w.write("id,palindromes\n");
                for (int id = 1; id < palindromes.length; id++) {
                    w.write(id + "," + palindromes[id] + "\n");
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot write the scenario data files to " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(PostgresEndpoint pg, String database) throws SQLException {
        Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
        try (Statement s = c.createStatement()) {
            s.execute("SET synchronous_commit = off");
        }
        return c;
    }
}
