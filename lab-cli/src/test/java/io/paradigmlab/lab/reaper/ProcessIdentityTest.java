package io.paradigmlab.lab.reaper;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.reaper.ProcessIdentity.State;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A recorded process is told apart from a later one with its pid, by the kernel's start ticks or by its instant. */
class ProcessIdentityTest {

    @Test
    void aRunningProcessIsItselfAndNotAnEarlierOneWithItsPid() throws Exception {
        Process process = new ProcessBuilder("sleep", "300").start();
        try {
            ProcessIdentity identity = ProcessIdentity.of(process.toHandle());
            ProcessIdentity earlier = new ProcessIdentity(identity.pid(), identity.started().minusSeconds(3600),
                    identity.startTicks() < 0 ? -1 : identity.startTicks() - 360_000, identity.boot());
            ProcessIdentity otherBoot = new ProcessIdentity(identity.pid(), identity.started(), identity.startTicks(),
                    "another-boot");

            assertThat(identity.state()).isEqualTo(State.RUNNING);
            assertThat(identity.running()).map(ProcessHandle::pid).contains(process.pid());
            assertThat(earlier.state()).isEqualTo(State.REUSED);
            assertThat(earlier.running()).isEmpty();
            if (identity.boot() != null) {
                assertThat(otherBoot.state()).isEqualTo(State.REUSED);
            }
        } finally {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void withoutTheKernelsTicksTheStartInstantDecides() throws Exception {
        Process process = new ProcessBuilder("sleep", "300").start();
        try {
            ProcessIdentity identity = ProcessIdentity.of(process.toHandle());
            ProcessIdentity byInstant = new ProcessIdentity(identity.pid(), identity.started(), -1, null);
            ProcessIdentity slightlyOff = new ProcessIdentity(identity.pid(), identity.started().plusMillis(400), -1,
                    null);
            ProcessIdentity anotherStart = new ProcessIdentity(identity.pid(),
                    identity.started().minus(ProcessIdentity.START_TOLERANCE).minus(Duration.ofSeconds(5)), -1, null);

            assertThat(byInstant.state()).isEqualTo(State.RUNNING);
            assertThat(slightlyOff.state()).as("within the tolerance").isEqualTo(State.RUNNING);
            assertThat(anotherStart.state()).isEqualTo(State.REUSED);
        } finally {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void anEndedProcessIsGone() throws Exception {
        assertThat(OrphanReaperTest.goneOwner().state()).isEqualTo(State.GONE);
    }

    @Test
    void aZombieIsGone() throws Exception {
        // the exec'd sleep never waits for the short one it inherited: that one stays a zombie while the parent runs
        Process parent = new ProcessBuilder("sh", "-c", "sleep 0.1 & exec sleep 300").start();
        try {
            ProcessHandle child = null;
            for (int i = 0; i < 200 && child == null; i++) {
                child = parent.children().findFirst().orElse(null);
                Thread.sleep(10);
            }
            assertThat(child).isNotNull();
            ProcessIdentity identity = ProcessIdentity.of(child);
            for (int i = 0; i < 300 && !ProcessIdentity.Stat.read(child.pid()).zombie(); i++) {
                Thread.sleep(10);
            }
            assertThat(child.isAlive()).as("the JDK counts a zombie as alive").isTrue();
            assertThat(identity.state()).isEqualTo(State.GONE);
        } finally {
            parent.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
