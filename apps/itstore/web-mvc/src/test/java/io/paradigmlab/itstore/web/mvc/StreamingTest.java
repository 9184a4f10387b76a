package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code first_N_products}: streamed by default, materialized with {@code itstore.materialize}, the same bytes either
 * way; a failure before the first byte is a clean error, one after it a truncated answer.
 */
class StreamingTest {

    private static TestApps.Running streamed;
    private static TestApps.Running materialized;

    @BeforeAll
    static void start() {
        streamed = TestApps.shared();
        materialized = TestApps.start("itstore.materialize=true");
    }

    @AfterAll
    static void stop() {
        materialized.close();
    }

    @BeforeEach
    void reset() {
        streamed.store().reset();
        materialized.store().reset();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 2_500, FakeStore.SIZE, 1_000_000})
    void theStreamHasExactlyTheRowsAndTheMaterializedAnswersBytes(int n) {
        RawHttp.Response stream = RawHttp.get(streamed.port(), "/itStore/first_N_products?N=" + n);
        RawHttp.Response list = RawHttp.get(materialized.port(), "/itStore/first_N_products?N=" + n);

        for (RawHttp.Response response : List.of(stream, list)) {
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.header("Content-Type")).isEqualTo("application/json");
            assertThat(response.complete()).isTrue();
        }
        JsonNode rows = Errors.JSON.readTree(stream.body());
        int expected = Math.min(n, FakeStore.SIZE);
        assertThat(rows.isArray()).isTrue();
        assertThat(rows.size()).isEqualTo(expected);
        for (int i = 0; i < expected; i++) {
            assertThat(rows.get(i).get("idProd").asInt()).isEqualTo(i);
        }
        if (expected > 0) {
            assertThat(Errors.JSON.treeToValue(rows.get(expected - 1), Product.class))
                    .isEqualTo(FakeStore.product(expected - 1));
        }
        assertThat(stream.body()).isEqualTo(list.body());
        // the streamed answer comes from the stream, which is closed; the materialized one from the list
        assertThat(streamed.store().streamsOpened).hasValue(1);
        assertThat(streamed.store().streamsClosed).hasValue(1);
        assertThat(streamed.store().materializedCalls).hasValue(0);
        assertThat(materialized.store().streamsOpened).hasValue(0);
        assertThat(materialized.store().materializedCalls).hasValue(1);
    }

    @Test
    void aFailureBeforeTheFirstRowIsACleanError() {
        // as the R2DBC bridge, whose connection is acquired while the first row is awaited
        streamed.store().streamFailure.set(new ApiException.Unavailable(ApiException.Unavailable.DATABASE));
        streamed.store().failAfterRows.set(0);
        Errors.assertError(RawHttp.get(streamed.port(), "/itStore/first_N_products?N=10"), 503,
                "/itStore/first_N_products", List.of(ApiException.Unavailable.DATABASE));
        assertThat(streamed.store().streamsClosed).hasValue(1);
    }

    @Test
    void aFailureWhileStillBufferedIsACleanErrorWithoutRows() {
        streamed.store().streamFailure.set(new IllegalStateException("connection reset"));
        streamed.store().failAfterRows.set(3);
        Errors.assertError(RawHttp.get(streamed.port(), "/itStore/first_N_products?N=10"), 500,
                "/itStore/first_N_products", List.of(StandardErrors.INTERNAL));
        assertThat(streamed.store().streamsClosed).hasValue(1);
    }

    @Test
    void aFailureAfterTheFirstBytesWereSentTruncatesTheAnswer() {
        // 2,000 rows are far more than the generator's and Tomcat's buffers: the status line is out
        streamed.store().streamFailure.set(new IllegalStateException("connection reset"));
        streamed.store().failAfterRows.set(2_000);
        RawHttp.Response response = RawHttp.get(streamed.port(), "/itStore/first_N_products?N=2500");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.complete()).as("the last chunk is never sent").isFalse();
        assertThatThrownBy(() -> Errors.JSON.readTree(response.body())).as("never a shorter, well-formed array")
                .isInstanceOf(JacksonException.class);
        assertThat(streamed.store().streamsClosed).hasValue(1);
        // the connection was closed, not the service: the next request is answered
        assertThat(RawHttp.get(streamed.port(), "/itStore/max_invoice").status()).isEqualTo(200);
    }

    @Test
    void aClientThatLeavesHalfWayClosesTheStream() throws Exception {
        try (Socket socket = new Socket("localhost", streamed.port())) {
            socket.getOutputStream().write(("GET /itStore/first_N_products?N=3000 HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            socket.getInputStream().read(new byte[100]);
            socket.setSoLinger(true, 0);
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (streamed.store().streamsClosed.get() < 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(streamed.store().streamsClosed).hasValue(1);
    }
}
