package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server's command line and the jar look-up; starting a real server is the spec module's business. */
class ChatAppDeploymentTest {

    private static final PostgresEndpoint PG = new PostgresEndpoint("localhost", 5433, "lab", "pw");

    @TempDir
    Path temp;

    @Test
    void theCommandCarriesTheLabFlagsNmtTheStackSizeAndEverySetting() {
        ChatSettings settings = ChatSettings.of(Map.of("xss", "256k", "stateless", "true", "pool-size", "12",
                "outbound-queue", "64"));

        List<String> command = ChatAppDeployment.command(ChatVariant.PLATFORM, settings, Path.of("/x/p.jar"), PG,
                "chatapp_7", 40123, request("platform", true));

        assertThat(command.subList(1, command.size())).containsExactly("-Xms256m", "-Xmx1g",
                "-XX:NativeMemoryTracking=summary", "-Xss256k", "-Dchatapp.port=40123",
                "-Dchatapp.db.url=jdbc:postgresql://localhost:5433/chatapp_7", "-Dchatapp.db.user=lab",
                "-Dchatapp.db.password=pw", "-Dchatapp.pool-size=12", "-Dchatapp.stateless=true",
                "-Dchatapp.outbound-queue=64", "-jar", "/x/p.jar");
        assertThat(command.getFirst()).endsWith("/bin/java");
    }

    @Test
    void blockHoundIsSwitchedOnOnlyForRxJava() {
        List<String> rx = ChatAppDeployment.command(ChatVariant.RXJAVA, ChatSettings.DEFAULTS, Path.of("r.jar"), PG,
                "db", 1, request("rxjava", true));
        List<String> virtual = ChatAppDeployment.command(ChatVariant.VIRTUAL, ChatSettings.DEFAULTS, Path.of("v.jar"),
                PG, "db", 1, request("virtual", true));
        List<String> rxWithout = ChatAppDeployment.command(ChatVariant.RXJAVA, ChatSettings.DEFAULTS,
                Path.of("r.jar"), PG, "db", 1, request("rxjava", false));

        assertThat(rx).contains("-Dchatapp.blockhound=true", "-XX:+EnableDynamicAgentLoading",
                "-XX:+AllowRedefinitionToAddDeleteMethods");
        assertThat(rx.indexOf("-Dchatapp.blockhound=true")).isLessThan(rx.indexOf("-jar"));
        assertThat(virtual).noneMatch(a -> a.contains("blockhound"));
        assertThat(rxWithout).noneMatch(a -> a.contains("blockhound"));
        // no -Xss unless asked for: the JVM's default applies
        assertThat(rx).noneMatch(a -> a.startsWith("-Xss"));
        assertThat(rx).contains("-Dchatapp.pool-size=10", "-Dchatapp.stateless=false",
                "-Dchatapp.outbound-queue=4096");
    }

    @Test
    void aMissingJarNamesTheModuleToBuild() {
        RepoLayout repo = new RepoLayout(temp);

        assertThatThrownBy(() -> ChatAppDeployment.jar(repo, ChatVariant.VIRTUAL))
                .isInstanceOf(LabException.class)
                .hasMessage("The ChatApp virtual variant is not built (apps/chatapp/virtual/target/chatapp-virtual-exec.jar"
                        + " is missing). Build it with: ./mvnw -B install -DskipTests -pl apps/chatapp/virtual -am");
    }

    @Test
    void aBuiltJarIsFound() throws IOException {
        Path jar = temp.resolve("apps/chatapp/rxjava/target/chatapp-rxjava-exec.jar");
        Files.createDirectories(jar.getParent());
        Files.write(jar, new byte[] {1});

        assertThat(ChatAppDeployment.jar(new RepoLayout(temp), ChatVariant.RXJAVA)).isEqualTo(jar);
    }

    @Test
    void anUnknownVariantIsRefusedNamingTheVariants() {
        assertThatThrownBy(() -> ChatVariant.parse("reactive")).isInstanceOf(LabException.class)
                .hasMessage("Unknown ChatApp variant 'reactive': choose one of platform, virtual, rxjava");
    }

    private LaunchRequest request(String variant, boolean blockHound) {
        return LaunchRequest.of(null, ServiceLauncher.plain(), variant, Set.of("chat"), temp).withSecurity(false)
                .withJvmArgs(List.of("-Xms256m", "-Xmx1g")).withChecks(false, blockHound);
    }
}
