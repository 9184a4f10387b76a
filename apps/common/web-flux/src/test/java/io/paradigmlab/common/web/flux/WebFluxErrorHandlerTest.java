package io.paradigmlab.common.web.flux;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.DatabaseFailures;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.netty.channel.AbortedException;

class WebFluxErrorHandlerTest {

    @Test
    void aDatabaseConnectionResetIsNotAClientGone() {
        // what r2dbc-postgresql raises when PostgreSQL stops under a running statement (seen in CI as a bodiless 500)
        var reset = new R2dbcNonTransientResourceException("Connection closed",
                new IOException("Connection reset by peer"));
        assertThat(DisconnectedClientHelper.isClientDisconnectedException(reset)).as("Spring's own test").isTrue();
        assertThat(WebFluxErrorHandler.clientGone(reset)).isFalse();
        assertThat(WebFluxErrorHandler.clientGone(new RuntimeException("wrapped", reset))).isFalse();
        assertThat(DatabaseFailures.unreachable(reset)).isTrue();
    }

    @Test
    void aClientThatHungUpIsGone() {
        assertThat(WebFluxErrorHandler.clientGone(new IOException("Connection reset by peer"))).isTrue();
        assertThat(WebFluxErrorHandler.clientGone(new IOException("Broken pipe"))).isTrue();
        assertThat(WebFluxErrorHandler.clientGone(new AbortedException("Connection has been closed"))).isTrue();
        assertThat(WebFluxErrorHandler.clientGone(new IllegalStateException("no"))).isFalse();
    }
}
