package io.paradigmlab.lab.launch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code --cpus}: parsing, refusals, and real pinning of this JVM, a service command and a child process. */
class CpuPinningTest {

    private static BitSet cpus(int from, int toExclusive) {
        BitSet set = new BitSet();
        set.set(from, toExclusive);
        return set;
    }

    @Test
    void groupsParseWithCommasInsideASet() {
        CpuPinning p = CpuPinning.parse("loader=0-1, services=2,4-5,db=6-7", false, cpus(0, 8));
        assertThat(CpuPinning.list(p.sets().get(CpuPinning.Group.LOADER))).isEqualTo("0-1");
        assertThat(CpuPinning.list(p.sets().get(CpuPinning.Group.SERVICES))).isEqualTo("2,4-5");
        assertThat(CpuPinning.list(p.sets().get(CpuPinning.Group.DB))).isEqualTo("6-7");
        assertThat(p.describe()).isEqualTo("loader 0-1, services 2,4-5, db 6-7 (taskset)");
        assertThat(CpuPinning.parse("services=1", false, cpus(0, 2)).describe())
                .isEqualTo("loader unpinned, services 1, db unpinned (taskset)");
    }

    @Test
    void overlapsAreRefusedUnlessAllowedAndBadSetsSayWhy() {
        assertThatThrownBy(() -> CpuPinning.parse("loader=0-1,services=1-2", false, cpus(0, 4)))
                .isInstanceOf(LabException.class).hasMessageContaining("loader and services share CPU(s) 1")
                .hasMessageContaining("--cpus-overlap");
        assertThat(CpuPinning.parse("loader=0-1,services=1-2", true, cpus(0, 4)).overlapAllowed()).isTrue();
        assertThatThrownBy(() -> CpuPinning.parse("loader=0,services=9", false, cpus(0, 2)))
                .hasMessageContaining("CPU(s) 9").hasMessageContaining("may only use 0-1");
        assertThatThrownBy(() -> CpuPinning.parse("gpu=0", false, cpus(0, 2))).hasMessageContaining("unknown group 'gpu'");
        assertThatThrownBy(() -> CpuPinning.parse("loader=0,loader=1", false, cpus(0, 2))).hasMessageContaining("twice");
        assertThatThrownBy(() -> CpuPinning.parse("loader=3-1", false, cpus(0, 4))).hasMessageContaining("backwards");
        assertThatThrownBy(() -> CpuPinning.parse("loader=a", false, cpus(0, 4))).hasMessageContaining("'a'");
        assertThatThrownBy(() -> CpuPinning.parse("0-1", false, cpus(0, 4))).hasMessageContaining("GROUP=CPUS");
        assertThatThrownBy(() -> CpuPinning.parse("loader=", false, cpus(0, 4))).hasMessageContaining("no CPUs");
    }

    @Test
    void applyingPinsThisJvmServicesAndChildProcessesThenRestoresThisJvm() throws Exception {
        BitSet mine = CpuPinning.allowed(ProcessHandle.current().pid());
        assertThat(mine.cardinality()).as("this test needs two CPUs").isGreaterThanOrEqualTo(2);
        int first = mine.nextSetBit(0);
        int second = mine.nextSetBit(first + 1);
        String spec = "loader=" + first + ",services=" + second + ",db=" + second;
        CpuPinning pinning = CpuPinning.parse(spec, true, mine);
        // a child process that is not a JVM stands for the embedded databases
        Process db = new ProcessBuilder("sleep", "30").start();
        // as pg_ctl does: a server whose parent exits, so it leaves the lab's process tree
        Process starter = new ProcessBuilder("sh", "-c", "sleep 30 >/dev/null 2>&1 & echo $!").start();
        ProcessHandle outside = ProcessHandle.of(Long.parseLong(new String(starter.getInputStream().readAllBytes())
                .strip())).orElseThrow();
        starter.waitFor();
        assertThat(ProcessHandle.current().descendants()).doesNotContain(outside);
        ServiceLauncher launcher = ServiceLauncher.plain().shapedBy(pinning.shaper());
        try (AutoCloseable applied = pinning.apply()) {
            assertThat(CpuPinning.list(CpuPinning.allowed(ProcessHandle.current().pid())))
                    .isEqualTo(Integer.toString(first));
            // a thread started now inherits the loader set
            BitSet[] inThread = new BitSet[1];
            Thread t = Thread.ofPlatform().start(() -> inThread[0] = CpuPinning.allowed(ProcessHandle.current().pid()));
            t.join();
            assertThat(CpuPinning.list(inThread[0])).isEqualTo(Integer.toString(first));
            assertThat(CpuPinning.list(CpuPinning.allowed(db.pid()))).isEqualTo(Integer.toString(second));
            // a server outside the lab's process tree (PostgreSQL's, detached by pg_ctl) is pinned when named
            assertThat(CpuPinning.list(CpuPinning.allowed(outside.pid()))).isNotEqualTo(Integer.toString(second));
            pinning.pinInfrastructure(List.of(outside));
            assertThat(CpuPinning.list(CpuPinning.allowed(outside.pid()))).isEqualTo(Integer.toString(second));
            List<String> shaped = launcher.shaped("user", List.of("/jdk/bin/java", "-jar", "a.jar"),
                    Path.of("user.log"));
            assertThat(shaped).containsExactly("taskset", "-c", Integer.toString(second), "/jdk/bin/java", "-jar",
                    "a.jar");
            // a service for real: taskset sets its CPUs, then becomes the command
            Process service = new ProcessBuilder(launcher.shaped("svc", List.of("sleep", "30"),
                    Path.of("svc.log"))).start();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (!service.info().command().orElse("").endsWith("sleep") && System.nanoTime() < deadline) {
                    Thread.sleep(10);
                }
                assertThat(CpuPinning.list(CpuPinning.allowed(service.pid()))).isEqualTo(Integer.toString(second));
            } finally {
                service.destroyForcibly();
            }
            assertThat(CpuPinning.sharing(List.of(db.pid()))).hasValueSatisfying(s -> assertThat(s)
                    .startsWith("separate (loader " + first + "; services " + second + ")"));
        } finally {
            db.destroyForcibly();
            outside.destroyForcibly();
        }
        assertThat(CpuPinning.allowed(ProcessHandle.current().pid())).isEqualTo(mine);
        assertThat(ServiceLauncher.plain().shaped("user", List.of("java"), Path.of("u.log"))).containsExactly("java");
        assertThat(CpuPinning.sharing(List.of(ProcessHandle.current().pid()))).hasValueSatisfying(s ->
                assertThat(s).startsWith(CpuPinning.SHARED + " CPUs " + CpuPinning.list(mine)));
    }
}
