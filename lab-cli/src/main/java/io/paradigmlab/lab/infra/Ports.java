package io.paradigmlab.lab.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Port checks, so a taken port is a clear message and not a stack trace from a child process. */
public final class Ports {

    private Ports() {
    }

    /** A port free on the loopback interface right now. */
    public static int free() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free port on the loopback interface", e);
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
