package io.paradigmlab.lab.k8s;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The SQL migrations of a Flyway location ({@code classpath:db/tweebyte/user}), read from the classpath in Flyway's
 * order, for a cluster's PostgreSQL to run them at its first start: the services do not migrate their databases (the
 * lab does, ADR 0003), so on Kubernetes the database server's init scripts do. Versioned SQL migrations only
 * ({@code V<version>__<description>.sql}), the only kind the lab's applications have; anything else is an error.
 */
public final class MigrationScripts {

    private static final Pattern VERSIONED = Pattern.compile("V([0-9]+(?:[._][0-9]+)*)__.+\\.sql");

    private MigrationScripts() {
    }

    /** A migration: its file name and text. */
    public record Script(String name, String sql) {
    }

    /**
     * The migrations of {@code location}, lowest version first.
     *
     * @throws LabException when the location holds no migration, or a file that is not a versioned SQL migration
     */
    public static List<Script> read(String location, ClassLoader loader) {
        if (!location.startsWith("classpath:")) {
            throw new LabException("Migrations at " + location + " are not on the classpath: Kubernetes manifests take"
                    + " them from classpath: locations only");
        }
        String folder = location.substring("classpath:".length()).replaceAll("^/+|/+$", "");
        TreeMap<List<Long>, Script> byVersion = new TreeMap<>(MigrationScripts::compareVersions);
        try {
            Enumeration<URL> roots = loader.getResources(folder);
            for (URL root : Collections.list(roots)) {
                for (String name : names(root, folder)) {
                    Matcher m = VERSIONED.matcher(name);
                    if (!m.matches()) {
                        throw new LabException("Cannot render the migration " + folder + "/" + name + " for Kubernetes:"
                                + " only versioned SQL migrations (V<version>__<description>.sql) are supported");
                    }
                    List<Long> version = Stream.of(m.group(1).split("[._]")).map(Long::parseLong).toList();
                    try (InputStream in = loader.getResourceAsStream(folder + "/" + name)) {
                        if (in == null) {
                            throw new LabException("Cannot read " + folder + "/" + name + " from the classpath");
                        }
                        Script previous = byVersion.put(version, new Script(name,
                                new String(in.readAllBytes(), StandardCharsets.UTF_8)));
                        if (previous != null && !previous.name().equals(name)) {
                            throw new LabException("Two migrations of version " + m.group(1) + " in " + location + ": "
                                    + previous.name() + " and " + name);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot list the migrations of " + location + ": " + e.getMessage(), e);
        }
        if (byVersion.isEmpty()) {
            throw new LabException("No migration found at " + location + ": is its schema module on the classpath?");
        }
        return List.copyOf(byVersion.values());
    }

    /** The file names directly in {@code folder} at one classpath root (a folder or a jar, nested or not). */
    private static List<String> names(URL root, String folder) throws IOException {
        List<String> names = new ArrayList<>();
        switch (root.getProtocol()) {
            case "file" -> {
                try (Stream<Path> files = Files.list(Path.of(root.toURI()))) {
                    files.filter(Files::isRegularFile).forEach(f -> names.add(f.getFileName().toString()));
                } catch (URISyntaxException e) {
                    throw new IOException("Bad classpath URL " + root, e);
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
            case "jar" -> {
                // also a jar nested in the lab's Spring Boot jar: its URL handler gives a JarFile of the nested jar
                JarURLConnection connection = (JarURLConnection) root.openConnection();
                connection.setUseCaches(false);
                String prefix = folder + "/";
                try (var jar = connection.getJarFile()) {
                    for (JarEntry entry : Collections.list(jar.entries())) {
                        String name = entry.getName();
                        if (!entry.isDirectory() && name.startsWith(prefix) && name.indexOf('/', prefix.length()) < 0) {
                            names.add(name.substring(prefix.length()));
                        }
                    }
                }
            }
            default -> throw new IOException("Cannot list " + root + " (protocol " + root.getProtocol() + ")");
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    private static int compareVersions(List<Long> a, List<Long> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            long x = i < a.size() ? a.get(i) : 0;
            long y = i < b.size() ? b.get(i) : 0;
            if (x != y) {
                return Long.compare(x, y);
            }
        }
        return 0;
    }
}
