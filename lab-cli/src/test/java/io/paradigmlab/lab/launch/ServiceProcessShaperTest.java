package io.paradigmlab.lab.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServiceProcessShaperTest {

    private static final List<String> JAVA = List.of("/jdk/bin/java", "-Xmx1g", "-jar", "svc.jar");

    @Test
    void addedShapersApplyInOrderAndOnlyToTheirLauncher() {
        ServiceLauncher plain = ServiceLauncher.plain();
        ServiceLauncher shaped = plain.shapedBy((name, command, log) -> {
            List<String> out = new ArrayList<>(List.of("taskset", "-c", "2-3"));
            out.addAll(command);
            return out;
        }).shapedBy((name, command, log) -> {
            List<String> out = new ArrayList<>(command);
            out.add(out.indexOf("/jdk/bin/java") + 1, "-Dlab.service=" + name);
            return out;
        });
        assertThat(shaped.shaped("user", JAVA, Path.of("user.log"))).containsExactly(
                "taskset", "-c", "2-3", "/jdk/bin/java", "-Dlab.service=user", "-Xmx1g", "-jar", "svc.jar");
        assertThat(plain.shaped("user", JAVA, Path.of("user.log"))).isEqualTo(JAVA);
    }

    @Test
    void anOutermostShaperWrapsWhatTheOthersAddWheneverItWasAdded() {
        ServiceProcess.Shaper remote = new ServiceProcess.Shaper() {
            @Override
            public List<String> shape(String name, List<String> command, Path log) {
                return List.of("ssh", "host", String.join(" ", command));
            }

            @Override
            public boolean outermost() {
                return true;
            }
        };
        ServiceLauncher launcher = ServiceLauncher.plain().shapedBy(remote).shapedBy((name, command, log) -> {
            List<String> out = new ArrayList<>(List.of("taskset", "-c", "2-3"));
            out.addAll(command);
            return out;
        });
        assertThat(launcher.shaped("user", JAVA, Path.of("user.log"))).containsExactly(
                "ssh", "host", "taskset -c 2-3 /jdk/bin/java -Xmx1g -jar svc.jar");
    }
}
