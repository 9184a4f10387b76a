package io.paradigmlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProcessProbeTest {

    @Test
    void openFilesCountTheProcessesDescriptorsAndFollowThem() throws IOException, InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux /proc");
        // a child of its own, so the count is not disturbed by this JVM's other threads
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            double before = ProcessProbe.read(child.pid()).openFiles();
            // stdin, stdout and stderr are pipes to this JVM: at least those three
            assertThat(before).isGreaterThanOrEqualTo(3);
            assertThat(ProcessProbe.openFiles(child.pid())).isEqualTo(before);

            List<java.io.InputStream> opened = new ArrayList<>();
            long self = ProcessHandle.current().pid();
            double own = ProcessProbe.openFiles(self);
            try {
                for (int i = 0; i < 20; i++) {
                    opened.add(Files.newInputStream(Path.of("/proc/self/status")));
                }
                assertThat(ProcessProbe.openFiles(self)).isGreaterThanOrEqualTo(own + 15);
            } finally {
                for (var in : opened) {
                    in.close();
                }
            }
        } finally {
            child.destroy();
            child.waitFor();
        }
        assertThat(ProcessProbe.openFiles(child.pid())).as("a process that is gone").isNaN();
        assertThat(ProcessProbe.read(child.pid()).openFiles()).isNaN();
    }
}
