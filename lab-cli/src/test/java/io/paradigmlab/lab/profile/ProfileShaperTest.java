package io.paradigmlab.lab.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProfileShaperTest {

    private static final Path DIR = Path.of("/tmp/profiles/async");

    @Test
    void putsTheRecordingRightAfterTheJavaExecutableAndNamesTheFilesAfterTheJvm() {
        ProfileShaper shaper = new ProfileShaper(DIR, "async", null);
        List<String> shaped = shaper.shape("user", List.of("/jdk/bin/java", "-Xmx1g", "-jar", "user.jar"),
                Path.of("/tmp/user.log"));

        assertThat(shaped.getFirst()).isEqualTo("/jdk/bin/java");
        assertThat(shaped.get(1)).startsWith("-XX:StartFlightRecording:filename=" + DIR.resolve("user.jfr") + ",")
                .contains("jdk.VirtualThreadPinned#threshold=0ms", "jdk.JavaMonitorEnter#threshold=1ms",
                        "settings=profile");
        assertThat(shaped.subList(2, shaped.size())).containsExactly("-Xmx1g", "-jar", "user.jar");
        assertThat(shaped).noneMatch(a -> a.startsWith("-agentpath"));
        assertThat(shaper.started()).containsExactly(new ProfileShaper.Files("user", DIR.resolve("user.jfr"), null));
    }

    @Test
    void addsTheAgentAfterJavaEvenWhenAnotherShaperPutACommandBeforeIt() {
        AsyncProfilerAgent agent = new AsyncProfilerAgent(Path.of("/t/libasyncProfiler.so"), "4.3", "ctimer");
        ProfileShaper shaper = new ProfileShaper(DIR, "async", agent);
        List<String> shaped = shaper.shape("tweet", List.of("taskset", "-c", "2-5", "/jdk/bin/java", "-jar", "t.jar"),
                Path.of("/tmp/t.log"));

        assertThat(shaped.subList(0, 4)).containsExactly("taskset", "-c", "2-5", "/jdk/bin/java");
        assertThat(shaped.get(4)).startsWith("-XX:StartFlightRecording:");
        assertThat(shaped).contains("-XX:+DebugNonSafepoints",
                "-agentpath:/t/libasyncProfiler.so=start,event=ctimer,file=" + DIR.resolve("tweet-cpu.jfr") + ",jfr");
        assertThat(shaped.subList(shaped.size() - 2, shaped.size())).containsExactly("-jar", "t.jar");
    }

    @Test
    void twoJvmsOfTheSameNameGetFilesOfTheirOwn() {
        ProfileShaper shaper = new ProfileShaper(DIR, "async", null);
        shaper.shape("async inventory service", List.of("java"), Path.of("a.log"));
        shaper.shape("async inventory service", List.of("java"), Path.of("b.log"));
        assertThat(shaper.started()).extracting(ProfileShaper.Files::jvm).containsExactly("inventory", "inventory-2");
    }

    @Test
    void filesAreNamedAfterTheServiceWithoutTheVariant() {
        assertThat(ProfileShaper.fileName("async user service", "async")).isEqualTo("user");
        assertThat(ProfileShaper.fileName("async gateway", "async")).isEqualTo("gateway");
        assertThat(ProfileShaper.fileName("platform inventory service #2", "platform")).isEqualTo("inventory-2");
        assertThat(ProfileShaper.fileName("chatapp virtual server", "virtual")).isEqualTo("chatapp");
    }

    @Test
    void refusesAFolderThatWouldSplitTheJvmOptions() {
        assertThatThrownBy(() -> new ProfileShaper(Path.of("/tmp/a,b"), "async", null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("','");
    }
}
