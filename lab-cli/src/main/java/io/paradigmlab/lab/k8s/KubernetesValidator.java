package io.paradigmlab.lab.k8s;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Validates rendered manifests offline, with no cluster (docs/scale-out.md): every document of every {@code .yaml}
 * file under a folder (but kustomize's own {@code kustomization.yaml}) against the Kubernetes JSON schemas of the
 * kubernetes-validate package (PyPI, pinned in {@code k8s/validate-requirements.txt}), strict (an unknown field is an
 * error), for each of {@link #KUBERNETES_VERSIONS}; the Hyperfoil resource against the operator CRD's schema the lab
 * carries ({@code k8s/hyperfoil-v1alpha2.schema.json}). A document of another kind fails. The package lives in a
 * virtual environment of the lab's own, {@code .lab/k8s-venv}, made on first use (python3 with venv and pip, PyPI
 * reachable), as the fuzzer's.
 */
public final class KubernetesValidator {

    /**
     * The Kubernetes versions the manifests must be valid for: the oldest the manifests target (1.32, where the
     * StatefulSet's PVC retention policy is GA) and the newest the package knows.
     */
    public static final String KUBERNETES_VERSIONS = "1.32,1.37";

    /** pip downloads the package and its dependencies (a few MB) once. */
    private static final Duration INSTALL = Duration.ofMinutes(10);
    private static final Duration RUN = Duration.ofMinutes(5);

    private final Path venv;

    /** @param venv the virtual environment's folder, e.g. {@code <checkout>/.lab/k8s-venv} */
    public KubernetesValidator(Path venv) {
        this.venv = venv;
    }

    /** The outcome: whether every document is valid, and the validator's lines (one per document, then a count). */
    public record Result(boolean valid, List<Path> files, String output) {
    }

    /**
     * Validates every manifest under {@code folder}.
     *
     * @throws LabException when the folder holds no manifest, or the validator cannot be installed or run
     */
    public Result validate(Path folder) {
        List<Path> files;
        try (Stream<Path> all = Files.walk(folder)) {
            files = all.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(".yaml"))
                    .filter(f -> !f.getFileName().toString().equals("kustomization.yaml"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new LabException("Cannot read the manifests under " + folder + ": " + e.getMessage(), e);
        }
        if (files.isEmpty()) {
            throw new LabException("No manifest (*.yaml) under " + folder + ": render some with ./lab k8s render");
        }
        Path python = install();
        Path work = null;
        try {
            work = Files.createTempDirectory("lab-k8s-validate");
            Path script = copy("k8s/validate.py", work);
            Path schema = copy("k8s/hyperfoil-v1alpha2.schema.json", work);
            List<String> command = new ArrayList<>(List.of(python.toString(), script.toString(), schema.toString(),
                    KUBERNETES_VERSIONS));
            files.forEach(f -> command.add(f.toString()));
            Run run = run(command, RUN);
            if (run.exit != 0 && run.exit != 1) {
                throw new LabException("The manifest validator failed (exit " + run.exit + "):\n" + run.output);
            }
            return new Result(run.exit == 0, files, run.output);
        } catch (IOException e) {
            throw new LabException("Cannot run the manifest validator: " + e.getMessage(), e);
        } finally {
            deleteQuietly(work);
        }
    }

    private static void deleteQuietly(Path folder) {
        if (folder == null) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder left behind
        }
    }

    /**
     * The venv's python, with the pinned package installed (again when the pin changed). Several JVMs may ask at
     * once (a parallel build's test forks): one installs under a file lock beside the venv, the others wait for it
     * and then find it installed, instead of reading a half-written venv.
     */
    Path install() {
        synchronized (KubernetesValidator.class) {
            try {
                Files.createDirectories(venv.getParent());
                try (java.nio.channels.FileChannel lock = java.nio.channels.FileChannel.open(
                        venv.resolveSibling(venv.getFileName() + ".lock"), java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.WRITE);
                     java.nio.channels.FileLock held = lock.lock()) {
                    return installLocked();
                }
            } catch (IOException e) {
                throw new LabException("Cannot lock " + venv + " to install the manifest validator: "
                        + e.getMessage(), e);
            }
        }
    }

    private Path installLocked() {
        Path python = venv.resolve("bin").resolve("python");
        Path installed = venv.resolve("requirements.txt");
        try {
            String wanted = resource("k8s/validate-requirements.txt");
            if (Files.isExecutable(python) && Files.isRegularFile(installed)
                    && Files.readString(installed).equals(wanted)) {
                return python;
            }
            System.err.println("lab: installing the manifest validator (" + wanted.strip() + ", from PyPI) into "
                    + venv + " ...");
            Files.createDirectories(venv.getParent());
            Run created = run(List.of("python3", "-m", "venv", venv.toString()), INSTALL);
            if (created.exit != 0) {
                throw new LabException("Cannot create the validator's virtual environment " + venv + " (python3 with"
                        + " venv and pip is needed; on Debian: apt-get install python3-venv python3-pip):\n"
                        + created.output);
            }
            Path requirements = venv.resolve("requirements.in");
            Files.writeString(requirements, wanted);
            Run pip = run(List.of(venv.resolve("bin").resolve("pip").toString(), "install", "-q", "-r",
                    requirements.toString()), INSTALL);
            if (pip.exit != 0) {
                throw new LabException("Cannot install " + wanted.strip() + " from PyPI into " + venv + ":\n"
                        + pip.output);
            }
            Files.writeString(installed, wanted);
            return python;
        } catch (IOException e) {
            throw new LabException("Cannot install the manifest validator into " + venv + ": " + e.getMessage(), e);
        }
    }

    private record Run(int exit, String output) {
    }

    private static Run run(List<String> command, Duration timeout) {
        Path log = null;
        try {
            // the output goes to a file, so a validator that hangs cannot block this thread past the timeout
            log = Files.createTempFile("lab-k8s-validate", ".log");
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new LabException(String.join(" ", command.subList(0, Math.min(3, command.size())))
                        + " did not finish within " + timeout.toSeconds() + " s");
            }
            return new Run(process.exitValue(), Files.readString(log));
        } catch (IOException e) {
            throw new LabException("Cannot run " + command.getFirst() + ": " + e.getMessage()
                    + (command.getFirst().equals("python3") ? " (python3 is needed to validate manifests)" : ""), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while running " + command.getFirst());
        } finally {
            if (log != null) {
                try {
                    Files.deleteIfExists(log);
                } catch (IOException ignored) {
                    // a temporary file left behind
                }
            }
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = KubernetesValidator.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is missing from the lab's classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Path copy(String name, Path folder) throws IOException {
        Path file = folder.resolve(name.substring(name.lastIndexOf('/') + 1));
        Files.writeString(file, resource(name));
        return file;
    }
}
