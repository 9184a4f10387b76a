package io.paradigmlab.lab.reaper;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * A stand-in server for the reaper's tests: listens on the loopback port given (accepting and closing connections),
 * prints {@code listening} once it does, and runs until it is signalled. Argument: {@code PORT}.
 */
public final class PortHolder {

    private PortHolder() {
    }

    public static void main(String[] args) throws IOException {
        try (ServerSocket socket = new ServerSocket(Integer.parseInt(args[0]), 50, InetAddress.getLoopbackAddress())) {
            System.out.println("listening");
            System.out.flush();
            while (true) {
                socket.accept().close();
            }
        }
    }
}
