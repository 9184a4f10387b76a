package io.paradigmlab.common.web.mvc;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.ByteArrayInputStream;

/** A request body of fixed bytes, for the filters' and streams' tests without a container. */
final class BytesInputStream extends ServletInputStream {

    private final ByteArrayInputStream in;

    BytesInputStream(byte[] body) {
        this.in = new ByteArrayInputStream(body);
    }

    @Override
    public int read() {
        return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) {
        return in.read(b, off, len);
    }

    @Override
    public boolean isFinished() {
        return in.available() == 0;
    }

    @Override
    public boolean isReady() {
        return true;
    }

    @Override
    public void setReadListener(ReadListener listener) {
    }
}
