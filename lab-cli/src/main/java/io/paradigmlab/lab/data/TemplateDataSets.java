package io.paradigmlab.lab.data;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;

/**
 * Data sets generated once into template databases and copied per repetition.
 *
 * <p>A data set is identified by (application, scale, seed, fingerprint), the fingerprint being a hash of the
 * services' migration scripts, the generator's class name and the compiled classes of the generator's package: a
 * change to the schema or to the generator makes a new data set. {@link #prepare} reuses a data set only when every
 * template database carries the completion mark and the scenario data folder exists; anything else (a crash half way,
 * a template of an older run) is dropped and generated again. {@link #copy} gives a repetition its own database with
 * {@code CREATE DATABASE ... TEMPLATE}, a file-level copy that takes a fraction of the generation time.
 *
 * <p>Application-agnostic: the application supplies its databases ({@link DatabaseInfo}) and its
 * {@link DataGenerator}.
 */
public final class TemplateDataSets {

    /** The comment a template database carries once its generation finished. */
    static final String COMPLETE_MARK = "paradigm-lab complete";

    private static final int MAX_NAME = 63;

    private TemplateDataSets() {
    }

    /**
     * A prepared data set.
     *
     * @param appId       the application
     * @param scale       its scale
     * @param seed        the seed it was generated from
     * @param fingerprint hash of the schema and the generator (hex, 16 characters)
     * @param templates   service id to its template database
     * @param dataDir     the scenario data files (read-only: copy them before changing anything)
     * @param generation  how long generation took; {@link Duration#ZERO} when an existing set was reused
     */
    public record DataSet(String appId, DataGenerator.Scale scale, long seed, String fingerprint,
                          Map<String, String> templates, Path dataDir, Duration generation) {

        public DataSet {
            templates = Collections.unmodifiableMap(new LinkedHashMap<>(templates));
        }

        /** The template database of {@code service}. */
        public String template(String service) {
            String name = templates.get(service);
            if (name == null) {
                throw new LabException("The " + appId + " data set has no database for service '" + service
                        + "' (it has " + String.join(", ", templates.keySet()) + ")");
            }
            return name;
        }

        public boolean reused() {
            return generation.isZero();
        }

        /** One line for a report's environment table. */
        public String describe() {
            return String.format(Locale.ROOT, "%s scale %s (%,d users), seed %d, schema+generator %s, %s",
                    appId, scale.name(), scale.users(), seed, fingerprint,
                    reused() ? "reused template databases" : "generated in " + seconds(generation));
        }
    }

    /**
     * Returns the data set of ({@code appId}, {@code scale}, {@code seed}, the schema), generating it first unless a
     * complete one exists on {@code pg} and under {@code cacheDir}.
     */
    public static DataSet prepare(PostgresEndpoint pg, String appId, List<DatabaseInfo> dbs, DataGenerator gen,
                                  DataGenerator.Scale scale, long seed, Path cacheDir,
                                  DataGenerator.Progress progress) {
        // a MariaDB database has no template: it is created empty for every launch (freshDatabase)
        dbs = dbs.stream().filter(DatabaseInfo::postgres).toList();
        String fingerprint = fingerprint(dbs, gen, scale);
        Map<String, String> templates = new LinkedHashMap<>();
        for (DatabaseInfo db : dbs) {
            templates.put(db.service(), templateName(appId, db.service(), scale.name(), seed, fingerprint));
        }
        Path dataDir = cacheDir.toAbsolutePath().resolve(sanitizeFolder(appId) + "-" + sanitizeFolder(scale.name())
                + "-" + seed + "-" + fingerprint);
        // one preparation of a given set at a time on a server: a second lab waits, then reuses it
        try (Connection admin = connect(pg, "postgres")) {
            long lock = lockKey(dataDir.getFileName().toString());
            try (PreparedStatement s = admin.prepareStatement("SELECT pg_advisory_lock(?)")) {
                s.setLong(1, lock);
                s.execute();
            }
            try {
                if (Files.isDirectory(dataDir) && allComplete(admin, templates.values())) {
                    progress.report("reusing the " + appId + " data set " + dataDir.getFileName()
                            + " (template databases " + String.join(", ", templates.values()) + ")");
                    return new DataSet(appId, scale, seed, fingerprint, templates, dataDir, Duration.ZERO);
                }
                long started = System.nanoTime();
                generate(pg, admin, dbs, gen, scale, seed, templates, dataDir, progress);
                Duration took = Duration.ofNanos(Math.max(1, System.nanoTime() - started));
                progress.report("data set " + dataDir.getFileName() + " generated in " + seconds(took));
                return new DataSet(appId, scale, seed, fingerprint, templates, dataDir, took);
            } finally {
                try (PreparedStatement s = admin.prepareStatement("SELECT pg_advisory_unlock(?)")) {
                    s.setLong(1, lock);
                    s.execute();
                }
            }
        } catch (SQLException e) {
            throw new LabException("Cannot prepare the " + appId + " data set on " + pg.host() + ":" + pg.port()
                    + ": " + e.getMessage(), e);
        }
    }

    /**
     * Replaces database {@code databaseName} with a fresh copy of {@code service}'s template. Nobody may be connected
     * to the template (the lab closes its own connections after generation).
     */
    public static void copy(PostgresEndpoint pg, DataSet set, String service, String databaseName) {
        String template = set.template(service);
        checkName(databaseName);
        try (Connection c = connect(pg, "postgres"); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + databaseName + " WITH (FORCE)");
            // FILE_COPY copies the files and checkpoints once: much faster than WAL-logging every page (the
            // default since PostgreSQL 15) for a template of any size
            s.execute("CREATE DATABASE " + databaseName + " TEMPLATE " + template
                    + (serverMajor(c) >= 15 ? " STRATEGY FILE_COPY" : ""));
        } catch (SQLException e) {
            throw new LabException("Cannot copy template database " + template + " to " + databaseName + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * A fresh database {@code databaseName} for {@code db}: a copy of its template on PostgreSQL, or, on MariaDB,
     * an empty database created afresh and migrated (the data generator fills only PostgreSQL databases).
     */
    public static void freshDatabase(io.paradigmlab.lab.infra.Infrastructure infra, DataSet set, DatabaseInfo db,
                                     String databaseName) {
        if (db.postgres()) {
            copy(infra.postgres(), set, db.service(), databaseName);
        } else {
            infra.mariadb().recreateDatabase(databaseName, db.migrationLocation());
        }
    }

    /** Drops every template database of {@code set} and its data folder (e.g. to reclaim the disk space). */
    public static void drop(PostgresEndpoint pg, DataSet set) {
        try (Connection c = connect(pg, "postgres"); Statement s = c.createStatement()) {
            for (String template : set.templates().values()) {
                s.execute("DROP DATABASE IF EXISTS " + template + " WITH (FORCE)");
            }
        } catch (SQLException e) {
            throw new LabException("Cannot drop the template databases of " + set.dataDir().getFileName() + ": "
                    + e.getMessage(), e);
        }
        deleteRecursively(set.dataDir());
    }

    /**
     * Hash of the migration scripts of every database (file names and text, read from each Flyway location:
     * {@code classpath:} or {@code filesystem:}), the scale's size, the generator's class name and the compiled
     * classes of its package; 16 hex characters.
     */
    public static String fingerprint(List<DatabaseInfo> dbs, DataGenerator gen, DataGenerator.Scale scale) {
        MessageDigest digest = sha256();
        for (DatabaseInfo db : dbs) {
            update(digest, "database " + db.service() + " " + db.migrationLocation() + "\n");
            migrationScripts(db.migrationLocation(), gen.getClass().getClassLoader()).forEach((name, text) -> {
                update(digest, "script " + name + "\n");
                digest.update(text);
            });
        }
        update(digest, "scale " + scale.name() + " " + scale.users() + "\n");
        update(digest, "generator " + gen.getClass().getName() + "\n");
        generatorClasses(gen.getClass()).forEach((name, bytes) -> {
            update(digest, "class " + name + "\n");
            digest.update(bytes);
        });
        return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
    }

    /**
     * {@code tpl_<app>_<service>_<scale>_<seed>_<fingerprint8>}, lower case, at most 63 characters (longer names
     * keep their start and end in a hash of the whole).
     */
    public static String templateName(String appId, String service, String scale, long seed, String fingerprint) {
        String name = ("tpl_" + appId + "_" + service + "_" + scale + "_" + (seed < 0 ? "m" + -seed : seed) + "_"
                + fingerprint.substring(0, Math.min(8, fingerprint.length()))).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9_]", "_");
        if (name.length() > MAX_NAME) {
            String hash = HexFormat.of().formatHex(sha256().digest(name.getBytes(StandardCharsets.UTF_8)))
                    .substring(0, 12);
            name = name.substring(0, MAX_NAME - hash.length() - 1) + "_" + hash;
        }
        return name;
    }

    // ---- generation

    private static void generate(PostgresEndpoint pg, Connection admin, List<DatabaseInfo> dbs, DataGenerator gen,
                                 DataGenerator.Scale scale, long seed, Map<String, String> templates, Path dataDir,
                                 DataGenerator.Progress progress) throws SQLException {
        deleteRecursively(dataDir);
        deletePartials(dataDir);
        Map<String, String> databases = new LinkedHashMap<>();
        try (Statement s = admin.createStatement()) {
            for (DatabaseInfo db : dbs) {
                String template = templates.get(db.service());
                s.execute("DROP DATABASE IF EXISTS " + template + " WITH (FORCE)");
                s.execute("CREATE DATABASE " + template);
                progress.report("migrating " + template + " (" + db.migrationLocation() + ")");
                Flyway.configure().dataSource(pg.jdbcUrl(template), pg.user(), pg.password())
                        .locations(db.migrationLocation()).failOnMissingLocations(true).load().migrate();
                databases.put(db.service(), template);
            }
        }
        Path partial;
        try {
            Files.createDirectories(dataDir.getParent());
            partial = Files.createTempDirectory(dataDir.getParent(), dataDir.getFileName() + ".partial-");
        } catch (IOException e) {
            throw new LabException("Cannot create the data folder under " + dataDir.getParent() + ": " + e.getMessage(), e);
        }
        try {
            gen.generate(pg, Collections.unmodifiableMap(databases), scale, seed, partial, progress);
            Files.move(partial, dataDir, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new LabException("Cannot move the scenario data files to " + dataDir + ": " + e.getMessage(), e);
        } finally {
            deleteRecursively(partial);
        }
        // only now is the set complete: a crash before this line leaves templates without the mark, redone next time
        try (Statement s = admin.createStatement()) {
            for (String template : databases.values()) {
                s.execute("COMMENT ON DATABASE " + template + " IS '" + COMPLETE_MARK + "'");
            }
        }
    }

    private static boolean allComplete(Connection admin, Iterable<String> templates) throws SQLException {
        try (PreparedStatement s = admin.prepareStatement("SELECT shobj_description(oid, 'pg_database')"
                + " FROM pg_database WHERE datname = ?")) {
            for (String template : templates) {
                s.setString(1, template);
                try (ResultSet rs = s.executeQuery()) {
                    if (!rs.next() || !COMPLETE_MARK.equals(rs.getString(1))) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    // ---- fingerprint inputs

    /** Script file name (relative to the location) to its bytes, sorted by name. */
    static Map<String, byte[]> migrationScripts(String location, ClassLoader loader) {
        Map<String, byte[]> scripts = new TreeMap<>();
        try {
            if (location.startsWith("filesystem:")) {
                readTree(Path.of(location.substring("filesystem:".length())), scripts);
            } else {
                String path = location.startsWith("classpath:") ? location.substring("classpath:".length()) : location;
                path = path.replaceAll("^/+", "").replaceAll("/+$", "");
                ClassLoader cl = loader != null ? loader : TemplateDataSets.class.getClassLoader();
                for (URL url : Collections.list(cl.getResources(path))) {
                    readUri(url.toURI(), scripts);
                }
            }
        } catch (IOException | URISyntaxException e) {
            throw new LabException("Cannot read the migration scripts at " + location + ": " + e.getMessage(), e);
        }
        if (scripts.isEmpty()) {
            throw new LabException("No migration scripts found at " + location);
        }
        return scripts;
    }

    /** The compiled classes of {@code type}'s package (name to bytes), from wherever the class was loaded. */
    static Map<String, byte[]> generatorClasses(Class<?> type) {
        Map<String, byte[]> classes = new TreeMap<>();
        String packagePath = type.getPackageName().replace('.', '/');
        String binaryName = type.getName();
        URL self = type.getResource(binaryName.substring(binaryName.lastIndexOf('.') + 1) + ".class");
        try {
            if (self != null) {
                String spec = self.toURI().toString();
                URI folder = URI.create(spec.substring(0, spec.lastIndexOf('/') + 1));
                Map<String, byte[]> all = new TreeMap<>();
                readUri(folder, all);
                all.forEach((name, bytes) -> {
                    if (name.endsWith(".class") && !name.contains("/")) {
                        classes.put(packagePath + "/" + name, bytes);
                    }
                });
            }
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // not readable (an unusual class loader): the class name alone goes into the fingerprint
            classes.clear();
        }
        return classes;
    }

    private static void readUri(URI uri, Map<String, byte[]> into) throws IOException {
        if ("file".equals(uri.getScheme())) {
            readTree(Path.of(uri), into);
        } else if ("jar".equals(uri.getScheme())) {
            String spec = uri.toString();
            int bang = spec.indexOf("!/");
            URI jar = URI.create(spec.substring(0, bang));
            String inside = spec.substring(bang + 1);
            FileSystem fs;
            boolean opened = false;
            try {
                fs = FileSystems.newFileSystem(jar, Map.of());
                opened = true;
            } catch (FileSystemAlreadyExistsException e) {
                fs = FileSystems.getFileSystem(jar);
            }
            try {
                readTree(fs.getPath(inside), into);
            } finally {
                if (opened) {
                    fs.close();
                }
            }
        } else {
            throw new IOException("unsupported location " + uri);
        }
    }

    private static void readTree(Path root, Map<String, byte[]> into) throws IOException {
        if (!Files.isDirectory(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList()) {
                String name = root.relativize(file).toString().replace('\\', '/');
                try (InputStream in = Files.newInputStream(file)) {
                    into.put(name, in.readAllBytes());
                }
            }
        }
    }

    // ---- helpers

    private static Connection connect(PostgresEndpoint pg, String database) throws SQLException {
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }

    private static int serverMajor(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW server_version_num")) {
            return rs.next() ? Integer.parseInt(rs.getString(1).trim()) / 10_000 : 0;
        }
    }

    private static void checkName(String name) {
        if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
            throw new LabException("Not a valid database name: " + name);
        }
    }

    private static long lockKey(String text) {
        byte[] hash = sha256().digest(("paradigm-lab data set " + text).getBytes(StandardCharsets.UTF_8));
        long key = 0;
        for (int i = 0; i < 8; i++) {
            key = key << 8 | (hash[i] & 0xFF);
        }
        return key;
    }

    private static String sanitizeFolder(String text) {
        return text.replaceAll("[^A-Za-z0-9_.]", "_");
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest digest, String text) {
        digest.update(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    /** Folders a killed generation of this set left behind (we hold the set's lock: none is in use). */
    private static void deletePartials(Path dataDir) {
        Path parent = dataDir.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return;
        }
        String prefix = dataDir.getFileName() + ".partial-";
        try (Stream<Path> siblings = Files.list(parent)) {
            siblings.filter(p -> p.getFileName().toString().startsWith(prefix)).forEach(TemplateDataSets::deleteRecursively);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + parent, e);
        }
    }

    private static void deleteRecursively(Path path) {
        if (path == null || !Files.exists(path)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete " + path, e);
        }
    }

    /** For tests: how many template databases of a set exist, complete or not. */
    static List<String> existing(PostgresEndpoint pg, Iterable<String> names) {
        List<String> found = new ArrayList<>();
        try (Connection c = connect(pg, "postgres");
             PreparedStatement s = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            for (String name : names) {
                s.setString(1, name);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        found.add(name);
                    }
                }
            }
        } catch (SQLException e) {
            throw new LabException(e.getMessage(), e);
        }
        return found;
    }
}
