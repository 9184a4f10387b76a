package io.paradigmlab.common.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.SocketException;
import java.sql.SQLException;
import org.apache.catalina.connector.ClientAbortException;
import org.junit.jupiter.api.Test;

class MvcErrorHandlerTest {

    @Test
    void aClientThatClosedTheConnectionIsGone() {
        assertThat(MvcErrorHandler.clientGone(new ClientAbortException(new IOException("Broken pipe")))).isTrue();
        assertThat(MvcErrorHandler.clientGone(new IOException("Connection reset by peer"))).isTrue();
        assertThat(MvcErrorHandler.clientGone(new IllegalStateException("no"))).isFalse();
    }

    @Test
    void theDatabaseClosingItsConnectionIsNotTheClientGoing() {
        // PostgreSQL ending its sessions: the driver's error reads "Connection reset", but the client waits for a 503
        var reset = new SQLException("An I/O error occurred while sending to the backend", "08006",
                new SocketException("Connection reset"));
        assertThat(MvcErrorHandler.clientGone(reset)).isFalse();
        assertThat(MvcErrorHandler.clientGone(new RuntimeException("wrapped", reset))).isFalse();
    }
}
