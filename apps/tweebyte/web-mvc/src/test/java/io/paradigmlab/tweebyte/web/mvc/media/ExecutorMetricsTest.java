package io.paradigmlab.tweebyte.web.mvc.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The pool metrics' names, tags and values on a real pool, and the stream's counters. */
class ExecutorMetricsTest {

    @Test
    void aBoundPoolReportsMicrometersMetricsItsRejectionsAndItsUtilization() throws Exception {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(2, 2, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(1));
        CountDownLatch release = new CountDownLatch(1);
        try {
            ExecutorMetrics.binder(pool, "cpu").bindTo(registry);
            pool.execute(() -> await(release));
            pool.execute(() -> await(release));
            pool.execute(() -> await(release)); // queued
            assertThatThrownBy(() -> pool.execute(() -> { })).isInstanceOf(RejectedExecutionException.class);

            assertThat(registry.get(ExecutorMetrics.REJECTED).tag("name", "cpu").counter().count()).isEqualTo(1.0);
            assertThat(registry.get(ExecutorMetrics.UTILIZATION).tag("name", "cpu").gauge().value()).isEqualTo(1.0);
            assertThat(registry.get("executor.pool.max").tag("name", "cpu").gauge().value()).isEqualTo(2.0);
            assertThat(registry.get("executor.queued").tag("name", "cpu").gauge().value()).isEqualTo(1.0);
            assertThat(registry.get("executor.queue.remaining").tag("name", "cpu").gauge().value()).isZero();
        } finally {
            release.countDown();
            pool.shutdown();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
        assertThat(registry.get(ExecutorMetrics.UTILIZATION).tag("name", "cpu").gauge().value()).isZero();
        assertThat(registry.get("executor.completed").tag("name", "cpu").functionCounter().count()).isEqualTo(3.0);
    }

    @Test
    void anExplicitUtilizationReplacesThePoolsAndSurvivesGarbageCollection() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(4, 4, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(4));
        try {
            ExecutorMetrics.bind(registry, pool, "jobs", () -> 0.25);
            System.gc();
            assertThat(registry.get(ExecutorMetrics.UTILIZATION).tag("name", "jobs").gauges()).hasSize(1);
            assertThat(registry.get(ExecutorMetrics.UTILIZATION).tag("name", "jobs").gauge().value()).isEqualTo(0.25);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aStreamWritesTheFourChunksAndStopsAtTheFirstFailedWrite() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        MediaStreaming streaming = new MediaStreaming(registry, Long.MAX_VALUE / 2);
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        assertThat(streaming.writeTo(whole)).isTrue();
        byte[] bytes = whole.toByteArray();
        assertThat(bytes).hasSize(MediaStream.TOTAL_BYTES);
        for (int i = 0; i < bytes.length; i++) {
            assertThat(bytes[i]).isEqualTo(MediaStream.at(i));
        }

        int[] writes = {0};
        OutputStream goneAfterOne = new OutputStream() {
            @Override
            public void write(int b) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (++writes[0] > 1) {
                    throw new IOException("Broken pipe");
                }
            }
        };
        assertThat(streaming.writeTo(goneAfterOne)).isFalse();
        assertThat(writes[0]).isEqualTo(2); // no write after the failed one
        assertThat(registry.get(MediaStreaming.CHUNKS).counter().count()).isEqualTo(5.0);
        assertThat(registry.get(MediaStreaming.ABORTED).counter().count()).isEqualTo(1.0);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
