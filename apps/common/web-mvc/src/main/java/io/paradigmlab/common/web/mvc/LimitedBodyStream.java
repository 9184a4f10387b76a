package io.paradigmlab.common.web.mvc;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;

/**
 * A request body that stops being read past {@code max} bytes (a read past it throws {@link BodyTooLargeException},
 * and {@link MvcErrorHandler} answers 413 when it surfaces as an unreadable body): for a body that declares no length
 * (chunked), whose size is known only by reading it. Used by {@link BodyLimitFilter} and by Tweebyte's servlet
 * gateway, which streams bodies on and counts them as they pass.
 */
public final class LimitedBodyStream extends ServletInputStream {

    /** Thrown by a read that passes the limit. */
    public static final class BodyTooLargeException extends IOException {
        BodyTooLargeException(long max) {
            super("Request body exceeded the limit of " + max + " bytes");
        }
    }

    /**
     * {@code request} with its body stream limited to {@code max} bytes ({@code onExceeded} runs once the limit is
     * passed, before the read throws); the stream is made on the first {@code getInputStream}.
     */
    public static HttpServletRequest limit(HttpServletRequest request, long max, Runnable onExceeded) {
        return new HttpServletRequestWrapper(request) {
            private ServletInputStream stream;

            @Override
            public ServletInputStream getInputStream() throws IOException {
                if (stream == null) {
                    stream = new LimitedBodyStream(super.getInputStream(), max, onExceeded);
                }
                return stream;
            }
        };
    }

    private final ServletInputStream in;
    private final long max;
    private final Runnable onExceeded;
    private long read;

    /** @param onExceeded runs once the limit is passed, before the read throws */
    public LimitedBodyStream(ServletInputStream in, long max, Runnable onExceeded) {
        this.in = in;
        this.max = max;
        this.onExceeded = onExceeded;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = in.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    private void count(int n) throws BodyTooLargeException {
        read += n;
        if (read > max) {
            onExceeded.run();
            throw new BodyTooLargeException(max);
        }
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        in.setReadListener(listener);
    }
}
