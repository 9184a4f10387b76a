package io.paradigmlab.lab.reaper;

import io.paradigmlab.lab.api.Checkout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The servers the lab has started and not stopped yet, one small JSON file each in a folder (the checkout's
 * {@code .lab/servers/}, {@link #lab()}): every place that starts a server records it here ({@link #register}) and
 * removes its record when it stops it ({@link Registration#remove()}). A lab process that is killed (a CI timeout, an
 * OOM kill, {@code kill -9}) removes nothing, and servers that outlive it, such as the PostgreSQL that {@code pg_ctl}
 * detaches from its process tree, stay recorded under an owner that is gone; {@link OrphanReaper} stops those.
 *
 * <p>A record is written to a temporary file and renamed into place, so a reader sees it whole or not at all; its
 * name holds kind, pid and start, so a later server that reuses a pid never overwrites it. Registering never fails
 * the caller: a server that cannot be recorded still runs, with a warning that it would outlive a killed lab.
 */
public final class ServerRegistry {

    /** A record's file name ends so; anything else in the folder (temporary files, the lock) is not a record. */
    static final String SUFFIX = ".json";

    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** The checkout's registry, or a disabled one outside a checkout; found once per JVM. */
    private static volatile ServerRegistry lab;

    private final Path folder;
    private final PrintStream warnings;

    /**
     * A registry in {@code folder} (created on the first record), warnings to {@code System.err}.
     *
     * @param folder the folder, or null for a registry that records nothing
     */
    public ServerRegistry(Path folder) {
        this(folder, System.err);
    }

    ServerRegistry(Path folder, PrintStream warnings) {
        this.folder = folder == null ? null : folder.toAbsolutePath().normalize();
        this.warnings = warnings;
    }

    /**
     * The checkout's registry, {@code <checkout>/.lab/servers/} ({@link Checkout#find()}). Outside a checkout
     * (a JVM that does not run the lab's own code from one) a registry that records nothing: there is no lab state
     * folder to keep records in, nor a next lab command that would read them.
     */
    public static ServerRegistry lab() {
        ServerRegistry registry = lab;
        if (registry == null) {
            synchronized (ServerRegistry.class) {
                registry = lab;
                if (registry == null) {
                    registry = new ServerRegistry(Checkout.find()
                            .map(checkout -> checkout.resolve(".lab").resolve("servers"))
                            .orElse(null));
                    lab = registry;
                }
            }
        }
        return registry;
    }

    /** The folder of the records, or null for a registry that records nothing. */
    public Path folder() {
        return folder;
    }

    /**
     * Records {@code server}, started by this JVM, and returns the handle that removes the record. When it cannot be
     * recorded (its start cannot be read, the folder cannot be written) a warning says so and a handle that does
     * nothing is returned: the server runs all the same.
     *
     * @param ports       the ports it listens on, where known
     * @param dataDir     a folder the lab created for it, to delete once it is stopped when its owner is gone; or null
     * @param description one line: what it is for
     */
    public Registration register(ServerKind kind, ProcessHandle server, List<Integer> ports, Path dataDir,
                                 String description) {
        if (folder == null) {
            return Registration.NONE;
        }
        ServerRecord record;
        try {
            record = new ServerRecord(kind, ProcessIdentity.of(server), ProcessIdentity.current(), ports, dataDir,
                    description);
        } catch (IllegalArgumentException e) {
            warn(kind.label() + " pid " + server.pid() + " is not recorded in " + folder + ": " + e.getMessage());
            return Registration.NONE;
        }
        return write(record);
    }

    /** Writes {@code record} (atomically) and returns the handle that removes it. */
    Registration write(ServerRecord record) {
        ProcessIdentity process = record.process();
        String name = record.kind().id() + "-" + process.pid() + "-"
                + (process.startTicks() >= 0 ? process.startTicks() : process.started().toEpochMilli());
        Path file = folder.resolve(name + SUFFIX);
        Path temporary = folder.resolve("." + name + ".tmp");
        try {
            Files.createDirectories(folder);
            Files.writeString(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(record.toJson())
                    + "\n", StandardCharsets.UTF_8);
            try {
                Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return new Registration(this, file);
        } catch (IOException | JacksonException e) {
            warn("cannot record " + record.describe() + " in " + folder + " (" + e.getMessage() + "): if this lab"
                    + " process is killed, it keeps running");
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // the reaper removes leftover temporary files
            }
            return Registration.NONE;
        }
    }

    /** The record files now in the folder (whole ones only), oldest name first; empty when there is no folder. */
    List<Path> recordFiles() {
        List<Path> files = new ArrayList<>();
        if (folder == null || !Files.isDirectory(folder)) {
            return files;
        }
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder, "*" + SUFFIX)) {
            entries.forEach(files::add);
        } catch (NoSuchFileException gone) {
            return files;
        } catch (IOException e) {
            warn("cannot list " + folder + ": " + e.getMessage());
        }
        files.sort(null);
        return files;
    }

    /**
     * Reads one record.
     *
     * @return null when the file has gone meanwhile (its server was stopped, or another reaper took it)
     * @throws IllegalArgumentException when it cannot be read or is not a record, saying why
     */
    static ServerRecord read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException gone) {
            return null;
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot be read: " + e.getMessage(), e);
        }
        try {
            return ServerRecord.fromJson(JSON.readTree(text));
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** Every readable record now in the folder (unreadable ones are skipped here; the reaper reports them). */
    public List<ServerRecord> records() {
        List<ServerRecord> records = new ArrayList<>();
        for (Path file : recordFiles()) {
            try {
                ServerRecord record = read(file);
                if (record != null) {
                    records.add(record);
                }
            } catch (IllegalArgumentException unreadable) {
                // reported and removed by the reaper
            }
        }
        return records;
    }

    void warn(String message) {
        warnings.println("lab: " + message);
    }

    /** The record of one registered server, removed when the lab stops it. */
    public static final class Registration {

        /** What {@link #register} returns for a server it could not record: removing it does nothing. */
        public static final Registration NONE = new Registration(null, null);

        private final ServerRegistry registry;
        private final Path file;

        private Registration(ServerRegistry registry, Path file) {
            this.registry = registry;
            this.file = file;
        }

        /** The record's file, or null for {@link #NONE}. */
        public Path file() {
            return file;
        }

        /** Removes the record: the server has been stopped. Idempotent. */
        public void remove() {
            if (file == null) {
                return;
            }
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                registry.warn("cannot remove " + file + " (" + e.getMessage() + "): the next lab command will find"
                        + " its server gone and remove it");
            }
        }
    }
}
