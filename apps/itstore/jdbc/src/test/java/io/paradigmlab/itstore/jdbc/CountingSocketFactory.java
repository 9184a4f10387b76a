package io.paradigmlab.itstore.jdbc;

import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.SocketFactory;

/**
 * A socket factory for PostgreSQL's JDBC driver ({@code socketFactory} connection property) that counts the bytes
 * the driver reads from the server and the flushes it sends: how a test sees, without any timing, whether a result
 * came in one piece or in several round trips.
 */
public final class CountingSocketFactory extends SocketFactory {

    /** Bytes read from the server, over every socket this factory made. */
    public static final AtomicLong BYTES_READ = new AtomicLong();
    /** Flushes of the driver's output (one per message batch it sends, e.g. each fetch of a portal). */
    public static final AtomicLong FLUSHES = new AtomicLong();

    public CountingSocketFactory() {
    }

    @Override
    public Socket createSocket() {
        return new CountingSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        throw new UnsupportedOperationException("the driver connects an unconnected socket");
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
        throw new UnsupportedOperationException("the driver connects an unconnected socket");
    }

    @Override
    public Socket createSocket(InetAddress host, int port) {
        throw new UnsupportedOperationException("the driver connects an unconnected socket");
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw new UnsupportedOperationException("the driver connects an unconnected socket");
    }

    private static final class CountingSocket extends Socket {

        @Override
        public InputStream getInputStream() throws IOException {
            return new FilterInputStream(super.getInputStream()) {
                @Override
                public int read() throws IOException {
                    int b = super.read();
                    if (b >= 0) {
                        BYTES_READ.incrementAndGet();
                    }
                    return b;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int n = super.read(buffer, offset, length);
                    if (n > 0) {
                        BYTES_READ.addAndGet(n);
                    }
                    return n;
                }
            };
        }

        @Override
        public OutputStream getOutputStream() throws IOException {
            return new FilterOutputStream(super.getOutputStream()) {
                @Override
                public void write(byte[] buffer, int offset, int length) throws IOException {
                    out.write(buffer, offset, length);
                }

                @Override
                public void flush() throws IOException {
                    FLUSHES.incrementAndGet();
                    super.flush();
                }
            };
        }
    }
}
