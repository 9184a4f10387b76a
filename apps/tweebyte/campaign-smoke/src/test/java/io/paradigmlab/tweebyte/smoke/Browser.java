package io.paradigmlab.tweebyte.smoke;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;

/** Headless Chromium, to look at a report page the way a person would: a screenshot. */
final class Browser {

    private static final List<String> CANDIDATES = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser",
            "/usr/bin/google-chrome");

    private Browser() {
    }

    static Optional<Path> chromium() {
        String configured = System.getenv("CHROMIUM");
        if (configured != null) {
            return Optional.of(Path.of(configured));
        }
        return CANDIDATES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
    }

    /**
     * The Chromium to look at {@code what} with. CI installs one (.ci/run), so there a missing Chromium fails the
     * test; elsewhere it is empty, and the check says it was skipped.
     */
    static Optional<Path> chromiumFor(String what) {
        Optional<Path> chromium = chromium();
        if (chromium.isEmpty()) {
            if (System.getenv("CI") != null) {
                throw new AssertionError("CI must render " + what + " in Chromium, but none is installed");
            }
            System.out.println("No Chromium on this machine: " + what + " was not looked at in a browser");
        }
        return chromium;
    }

    /** Renders {@code page} at 1400 px wide and {@code height} tall into a PNG and reads it back. */
    static BufferedImage screenshot(Path chromium, Path page, Path png, int height) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("chromium-profile");
        // flags as this machine's Chromium needs them: no sandbox as root, no network beyond the page
        Process process = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--window-size=1400," + height,
                "--screenshot=" + png.toAbsolutePath(), page.toAbsolutePath().toUri().toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(90, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("Chromium did not finish rendering " + page);
        }
        return ImageIO.read(png.toFile());
    }

    /** Pixels within a small distance of {@code rgb}: how much of a colour the page really shows. */
    static long pixelsOf(BufferedImage image, int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        long count = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                if (Math.abs(((p >> 16) & 0xFF) - r) < 12 && Math.abs(((p >> 8) & 0xFF) - g) < 12
                        && Math.abs((p & 0xFF) - b) < 12) {
                    count++;
                }
            }
        }
        return count;
    }
}
