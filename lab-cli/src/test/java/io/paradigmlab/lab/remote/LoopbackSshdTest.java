package io.paradigmlab.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoopbackSshdTest {

    @TempDir
    Path temp;

    @Test
    void theOpenSshClientLogsInWithTheTestKeyAndRunsACommand() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(temp)) {
            Process p = new ProcessBuilder("ssh", "-i", sshd.clientKey().toString(), "-p", String.valueOf(sshd.port()),
                    "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
                    sshd.user() + "@" + sshd.host(), "echo over-ssh $((6*7))").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor()).as(out + sshd.log()).isZero();
            assertThat(out).contains("over-ssh 42");
        }
    }
}
