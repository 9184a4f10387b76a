package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RedisEndpoint;
import io.paradigmlab.lab.infra.Toxiproxy;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A campaign's injected Redis latency ({@link RedisLatency}): a Toxiproxy server with one proxy in front of Redis,
 * started with the campaign and stopped with it, and the check, before anything is measured, that a round trip
 * through it really takes the latency (a toxic that silently did nothing would make every number of the scenario
 * wrong). The launched variants' service named by the latency gets {@link #endpoint()} as its Redis.
 */
public final class InjectedLatency implements AutoCloseable {

    /** PINGs per check, after one that opens the connection. */
    static final int PINGS = 50;

    /** A round trip measured on a fresh connection: {@code PINGS} PINGs, each answered before the next is sent. */
    public record RoundTrip(double minMillis, double medianMillis, double maxMillis) {
        String describe() {
            return String.format(Locale.ROOT, "median %.2f ms (min %.2f, max %.2f)", medianMillis, minMillis,
                    maxMillis);
        }
    }

    private final RedisLatency latency;
    private final Toxiproxy toxiproxy;
    private final RedisEndpoint direct;
    private final RedisEndpoint proxied;
    private RoundTrip directTrip;
    private RoundTrip proxiedTrip;

    private InjectedLatency(RedisLatency latency, Toxiproxy toxiproxy, RedisEndpoint direct, RedisEndpoint proxied) {
        this.latency = latency;
        this.toxiproxy = toxiproxy;
        this.direct = direct;
        this.proxied = proxied;
    }

    /**
     * Finds or installs Toxiproxy ({@link Toxiproxy#locate}), starts it seeded with {@code seed}, puts a proxy with
     * the latency toxics in front of {@code redis} and checks it ({@link #check()}).
     */
    public static InjectedLatency start(Path labHome, RedisLatency latency, RedisEndpoint redis, long seed,
                                        Path workDir, Consumer<String> progress) {
        Toxiproxy toxiproxy = Toxiproxy.start(Toxiproxy.locate(labHome, progress), seed, workDir);
        try {
            RedisEndpoint proxied = toxiproxy.latency("redis-" + latency.service(), redis, latency.latency(),
                    latency.jitter());
            InjectedLatency injected = new InjectedLatency(latency, toxiproxy, redis, proxied);
            injected.check();
            return injected;
        } catch (RuntimeException e) {
            toxiproxy.close();
            throw e;
        }
    }

    /**
     * Measures a PING round trip straight to Redis and through the proxy, and requires the proxied median to be at
     * least twice the latency less the jitter (the delay is drawn on each direction: the sum of the two draws has
     * its median at twice the latency, and falls below twice the latency less one jitter one time in eight).
     *
     * @throws LabException when the latency is not there
     */
    public void check() {
        directTrip = roundTrip(direct);
        proxiedTrip = roundTrip(proxied);
        double expected = 2.0 * latency.latency().toMillis() - latency.jitter().toMillis();
        if (proxiedTrip.medianMillis() < expected) {
            throw new LabException(String.format(Locale.ROOT, "The injected Redis latency is not active: a PING"
                    + " through Toxiproxy took %s, expected at least %.0f ms for %s in each direction (straight to"
                    + " Redis: %s). Toxiproxy's log: %s", proxiedTrip.describe(), expected, latency.describe(),
                    directTrip.describe(), toxiproxy.log()));
        }
    }

    /** Where the delayed service connects instead of Redis. */
    public RedisEndpoint endpoint() {
        return proxied;
    }

    public RedisLatency latency() {
        return latency;
    }

    /** The last {@link #check()}'s round trip straight to Redis and through the proxy. */
    public RoundTrip directTrip() {
        return directTrip;
    }

    public RoundTrip proxiedTrip() {
        return proxiedTrip;
    }

    public String toxiproxyVersion() {
        return toxiproxy.version();
    }

    /** The server (its API port, log, binary). */
    public Toxiproxy toxiproxy() {
        return toxiproxy;
    }

    /** The report's environment lines: what was injected, where, with what, and that it was active. */
    public Map<String, String> describe() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("Redis latency (injected)", String.format(Locale.ROOT, "%s in each direction (upstream: commands to"
                        + " Redis; downstream: answers), about %d ms more per round trip, on the %s service's"
                        + " connections to Redis only; Toxiproxy %s, two latency toxics (uniform jitter)",
                latency.describe(), 2 * latency.latency().toMillis(), latency.service(), toxiproxy.version()));
        env.put("Redis latency check", String.format(Locale.ROOT, "active before the first run: %d PINGs through"
                        + " the proxy took %s; straight to Redis %s", PINGS, proxiedTrip.describe(),
                directTrip.describe()));
        return env;
    }

    /** {@code PINGS} PINGs on one new connection, one at a time, after a first one that is not counted. */
    public static RoundTrip roundTrip(RedisEndpoint redis) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(redis.host(), redis.port()), 2000);
            socket.setSoTimeout(5000);
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            OutputStream out = socket.getOutputStream();
            ping(in, out);
            double[] millis = new double[PINGS];
            for (int i = 0; i < PINGS; i++) {
                long started = System.nanoTime();
                ping(in, out);
                millis[i] = (System.nanoTime() - started) / 1e6;
            }
            Arrays.sort(millis);
            return new RoundTrip(millis[0], millis[PINGS / 2], millis[PINGS - 1]);
        } catch (IOException e) {
            throw new LabException("Cannot PING Redis at " + redis.url() + ": " + e.getMessage(), e);
        }
    }

    private static void ping(InputStream in, OutputStream out) throws IOException {
        out.write("*1\r\n$4\r\nPING\r\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        byte[] answer = in.readNBytes(7);
        if (!"+PONG\r\n".equals(new String(answer, StandardCharsets.US_ASCII))) {
            throw new IOException("unexpected answer to PING: " + new String(answer, StandardCharsets.US_ASCII));
        }
    }

    @Override
    public void close() {
        toxiproxy.close();
    }
}
