package io.paradigmlab.lab.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/** Port checks, so a taken port is a clear message and not a stack trace from a child process. */
public final class Ports {

    /** Lowest port {@link #free()} hands out: above the registered services most machines run. */
    static final int LOWEST = 10_000;
    /** Where the kernel's ephemeral range starts when it cannot be read (Linux's default). */
    static final int EPHEMERAL_DEFAULT = 32_768;
    private static final int ATTEMPTS = 200;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private Ports() {
    }

    /**
     * A port free right now, below the kernel's ephemeral range. A port the kernel picks for {@code bind(0)} comes
     * from that range, and so does the local port of every outgoing connection: between this check and the server's
     * own bind, any client socket on the machine could take it (a CI run with two modules at a time saw a service
     * refuse to start on "port already in use"). Below the range only another listener can take it, and the choice is
     * random, so two lab processes rarely pick the same one; this process never hands out one port twice.
     */
    public static int free() {
        int high = ephemeralStart() - 1;
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; high > LOWEST && i < ATTEMPTS; i++) {
            int port = random.nextInt(LOWEST, high + 1);
            if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
                return port;
            }
        }
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on the loopback interface", e);
        }
    }

    /** Free on every interface (services bind the wildcard address) and on the loopback one. */
    private static boolean bindable(int port) {
        try (ServerSocket any = new ServerSocket()) {
            any.setReuseAddress(true);
            any.bind(new InetSocketAddress(port), 1);
        } catch (IOException e) {
            return false;
        }
        try (ServerSocket loopback = new ServerSocket()) {
            loopback.setReuseAddress(true);
            loopback.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The first port of the kernel's ephemeral range (Linux: {@code ip_local_port_range}). */
    static int ephemeralStart() {
        // read a line, not the file: procfs reports a size of 0 and Files.readString then returns a part of it
        try (var reader = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
            return Integer.parseInt(reader.readLine().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return EPHEMERAL_DEFAULT;
        }
    }

    /** @throws LabException when {@code port} is out of range or something already listens on it */
    public static int requireFree(int port, String what) {
        if (port < 1 || port > 65535) {
            throw new LabException("Port " + port + " for " + what + " is not a valid port (1-65535)");
        }
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return port;
        } catch (IOException e) {
            throw new LabException("Port " + port + " for " + what + " is already in use."
                    + " Stop what listens there (e.g. `ss -ltnp | grep :" + port + "`) or choose another port.");
        }
    }
}
