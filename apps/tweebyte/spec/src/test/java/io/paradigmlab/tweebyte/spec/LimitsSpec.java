package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The limits that protect a service (ADR 0004), the same in every variant: a JSON body above 2 MB is refused with
 * 413 whether or not it announces its length, and above {@code tweebyte.limits.max-concurrent-requests} requests
 * in flight a service, and a gateway, answers 503 with {@code Retry-After} at once, then serves again when the load is
 * gone.
 */
abstract class LimitsSpec extends TweebyteSpec {

    private static final int TWO_MEGABYTES = 2 * 1024 * 1024;

    /** A tweet whose content alone is {@code bytes} long: far over the content rule, so only size decides. */
    private static byte[] tweetOfSize(int bytes) {
        return Tweets.content("x".repeat(bytes)).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    @DisplayName("a JSON body over 2 MB with its length announced is refused with 413")
    void announcedBodyOverTheLimit() {
        Account author = register("limits");
        String body = new String(tweetOfSize(TWO_MEGABYTES + 1024), StandardCharsets.UTF_8);
        assertError(tweets.postJson("/tweets/" + author.id(), body, author.token()), 413,
                "/tweets/" + author.id(), "Request too large");
    }

    @Test
    @DisplayName("a chunked JSON body over 2 MB is refused with 413 too")
    void chunkedBodyOverTheLimit() {
        Account author = register("limits");
        assertError(tweets.postChunkedJson("/tweets/" + author.id(), tweetOfSize(TWO_MEGABYTES + 1024), author.token()),
                413, "/tweets/" + author.id(), "Request too large");
    }

    @Test
    @DisplayName("a JSON body just under 2 MB is read and judged by its content")
    void bodyUnderTheLimit() {
        Account author = register("limits");
        assertError(tweets.postChunkedJson("/tweets/" + author.id(), tweetOfSize(TWO_MEGABYTES - 1024), author.token()),
                400, "/tweets/" + author.id(), "Content must be between 10 and 280 characters");
    }

    @Test
    @DisplayName("above the in-flight limit a service answers 503 with Retry-After, and serves again afterwards")
    void overloadIsRefusedAtOnceAndPasses() {
        List<String> jvmArgs = new ArrayList<>(ServiceProcess.SUITE_JVM_ARGS);
        jvmArgs.add("-Dtweebyte.limits.max-concurrent-requests=2");
        try (TweebyteDeployment narrow = fixture.startDeployment(variant(), "_limit_" + variant().id(),
                o -> new TweebyteDeployment.Options(o.variant(), o.databaseSuffix(), 0, true, o.blockHound(), jvmArgs,
                        o.workDir()).withServices(EnumSet.of(TweebyteService.USER)).withLauncher(o.launcher()))) {
            Http user = new Http(narrow.userUrl());
            Account account = Users.register(user, "limits");
            String login = "{\"email\":\"" + account.email() + "\",\"password\":\"" + account.password() + "\"}";
            // each log-in runs BCrypt (tens of milliseconds), so 24 at once keep more than 2 in flight
            List<Response> answers = atOnce(24, i -> user.postJson("/auth/login", login, null));
            List<Response> refused = answers.stream().filter(r -> r.status() == 503).toList();
            assertThat(answers).allSatisfy(r -> assertThat(r.status()).as("%s", r).isIn(200, 503));
            assertThat(answers).anySatisfy(r -> assertThat(r.status()).isEqualTo(200));
            assertThat(refused).as("refused above the limit of 2").isNotEmpty();
            for (Response r : refused) {
                assertError(r, 503, "/auth/login", "Service overloaded, try again later");
                assertThat(r.headers()).containsEntry("retry-after", "10");
            }
            for (int i = 0; i < 3; i++) {
                assertThat(user.postJson("/auth/login", login, null).status()).as("served again once load is gone")
                        .isEqualTo(200);
            }
        }
    }

    @Test
    @DisplayName("the gateway bounds its requests in flight too: above the limit it answers 503 itself, at once")
    void theGatewayRefusesOverloadItself() throws Exception {
        List<String> jvmArgs = new ArrayList<>(ServiceProcess.SUITE_JVM_ARGS);
        jvmArgs.add("-Dtweebyte.limits.max-concurrent-requests=2");
        // the interaction service "is" a server that accepts and never answers: a call routed to it stays in flight
        // at the gateway alone (until the gateway's 3 s response timeout), so only the gateway's bound can refuse
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> {
                while (!silent.isClosed()) {
                    try {
                        accepted.add(silent.accept());
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            try (TweebyteDeployment narrow = fixture.startDeployment(variant(), "_gwlimit_" + variant().id(),
                    o -> new TweebyteDeployment.Options(o.variant(), o.databaseSuffix(), 0, false, o.blockHound(),
                            jvmArgs, o.workDir()).withServices(EnumSet.of(TweebyteService.USER))
                            .withPorts(0, 0, silent.getLocalPort()).withGateway(true, 0)
                            .withLauncher(o.launcher()))) {
                Http gateway = new Http(narrow.gatewayUrl());
                List<CompletableFuture<Response>> held = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    // a thread each: the common pool may have a single worker, which would send them one by one
                    held.add(CompletableFuture.supplyAsync(() -> gateway.get("/interaction-service/follows/1", null),
                            Thread::startVirtualThread));
                }
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (accepted.size() < 2 && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertThat(accepted).as("both calls reached the silent service").hasSizeGreaterThanOrEqualTo(2);
                Response refused = gateway.get("/docs", null);
                assertError(refused, 503, "/docs", "Service overloaded, try again later");
                assertThat(refused.headers()).containsEntry("retry-after", "10");
                for (CompletableFuture<Response> call : held) {
                    assertThat(call.get(30, TimeUnit.SECONDS).status()).as("the held call times out").isEqualTo(503);
                }
                assertThat(gateway.get("/docs", null).status()).as("served again once load is gone").isEqualTo(200);
            }
        } finally {
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }
}
