package io.paradigmlab.lab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.Profiles;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK recording's summary on a recording made in this JVM with the same event settings the service JVMs get:
 * CPU work, a contended monitor, allocation, a GC, and a virtual thread pinned to its carrier.
 */
@Timeout(60)
class RecordingsTest {

    @TempDir
    Path dir;

    /**
     * Blocks in its class initializer. Since JDK 24 (JEP 491) a virtual thread blocking in {@code synchronized} no
     * longer pins its carrier; blocking while the JVM runs a class initializer still does, and is reported with the
     * initializer as the reason.
     */
    static final class SlowInit {
        static {
            sleep(60);
        }

        static void touch() {
        }
    }

    private static final Object MONITOR = new Object();
    static volatile long sink;

    @Test
    void findsPinningContentionGcAndTheHottestFrames() throws Exception {
        Path jfr = dir.resolve("test.jfr");
        try (Recording recording = new Recording(jdk.jfr.Configuration.getConfiguration("profile"))) {
            recording.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO).withStackTrace();
            recording.enable("jdk.JavaMonitorEnter").withThreshold(Duration.ofMillis(1)).withStackTrace();
            recording.enable("jdk.VirtualThreadSubmitFailed");
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.setDestination(jfr);
            recording.start();

            Thread pinned = Thread.ofVirtual().start(SlowInit::touch);
            contend();
            List<byte[]> garbage = new ArrayList<>();
            spin(garbage, 800);
            System.gc();
            pinned.join();
            recording.stop();
        }

        Recordings.Jdk jdk = Recordings.jdk(jfr, null);
        assertThat(jdk.pinning().events()).as("the virtual thread pinned in a class initializer").isPositive();
        assertThat(jdk.pinning().msTotal()).isGreaterThanOrEqualTo(50);
        assertThat(jdk.pinning().sites()).extracting(Profiles.Site::name)
                .anySatisfy(site -> assertThat(site).contains("<clinit>"));
        assertThat(jdk.locks().events()).as("a monitor held 50 ms while another thread waits").isPositive();
        assertThat(jdk.locks().topMonitors()).extracting(Profiles.Site::name).contains("java.lang.Object");
        assertThat(jdk.gc().collections()).as("System.gc() collects").isPositive();
        assertThat(jdk.allocationMbPerSecond()).isPositive();
        assertThat(jdk.submitFailed()).isZero();

        Recordings.Window later = new Recordings.Window(Instant.now().plusSeconds(60), Instant.now().plusSeconds(70));
        assertThat(Recordings.jdk(jfr, later).pinning().events()).as("nothing happened in a later window").isZero();
        assertThat(Recordings.topFrames(jfr, 5, later).samples()).isZero();

        Recordings.Cpu cpu = Recordings.topFrames(jfr, 5, null);
        assertThat(cpu.samples()).isPositive();
        assertThat(cpu.topFrames()).isNotEmpty().hasSizeLessThanOrEqualTo(5);
        assertThat(cpu.topFrames()).extracting(Profiles.Frame::samples).isSortedAccordingTo((a, b) -> Long.compare(b, a));
        assertThat(cpu.topFrames().stream().mapToDouble(Profiles.Frame::percent).sum()).isLessThanOrEqualTo(100.01);
    }

    @Test
    void aRecordingWithoutTheEventsReportsNone() throws Exception {
        Path jfr = dir.resolve("quiet.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.CPULoad").withPeriod(Duration.ofMillis(100));
            recording.setDestination(jfr);
            recording.start();
            sleep(250);
            recording.stop();
        }
        Recordings.Jdk jdk = Recordings.jdk(jfr, null);
        assertThat(jdk.pinning().events()).isZero();
        assertThat(jdk.pinning().sites()).isEmpty();
        assertThat(jdk.locks().events()).isZero();
        assertThat(jdk.allocationMbPerSecond()).isNaN();
        assertThat(Recordings.topFrames(jfr, 5, null).samples()).isZero();
        assertThat(Recordings.cpuEvent(jfr)).as("not async-profiler's recording").isNull();
    }

    private static void contend() throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        Thread owner = Thread.ofPlatform().start(() -> {
            synchronized (MONITOR) {
                held.countDown();
                sleep(50);
            }
        });
        held.await();
        Thread waiter = Thread.ofPlatform().start(() -> {
            synchronized (MONITOR) {
                sink++;
            }
        });
        owner.join();
        waiter.join();
    }

    private static void spin(List<byte[]> garbage, long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        double x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += Math.sqrt(i + x);
            }
            garbage.add(new byte[4096]);
            if (garbage.size() > 1000) {
                garbage.clear();
            }
        }
        sink += (long) x;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
