package io.paradigmlab.tweebyte.mediabench;

import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.SampleImage;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of the whole image pipeline of {@code POST /media/filter} (decode, normalise, blur, Sobel, resize, JPEG)
 * on the seed's input, {@link SampleImage#png(int, int) SampleImage.png(256, 256)}, on one thread: what one core
 * can do without HTTP, multipart parsing, scheduling or contention. The defaults here are for the command line
 * ({@code java -jar tweebyte-media-bench.jar}); {@link PipelineCeiling} sets its own.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(value = 2, jvmArgsAppend = {"-Xms256m", "-Xmx1g", "-XX:+UseG1GC"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
public class ImagePipelineBenchmark {

    private byte[] upload;

    @Setup
    public void setUp() {
        upload = SampleImage.png(256, 256);
    }

    /** One request's work; the JPEG is returned so JMH consumes it and the JIT cannot drop the computation. */
    @Benchmark
    public byte[] filter() {
        return ImagePipeline.filter(upload);
    }
}
