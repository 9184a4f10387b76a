package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.JobResult;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import io.paradigmlab.tweebyte.domain.media.SampleImage;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import io.paradigmlab.tweebyte.security.TokenIssuer;
import io.paradigmlab.tweebyte.spec.MediaHttp.Answer;
import io.paradigmlab.tweebyte.spec.MediaHttp.Part;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * Seed 001's four workload endpoints (docs/api/tweebyte.md, "Media" and "Cache"), black-box over HTTP: the image
 * pipeline, the paced stream, the background jobs and the {@code following} cache, plus the pool metrics. A subclass
 * names the variant; every scenario runs unchanged against async, virtual and reactive.
 *
 * <p>Most scenarios run on the variant's shared deployment. Those that need other settings run on two small
 * deployments of their own, started on first use and stopped after the class: {@link #paced()} (user and tweet
 * service: the stream paced at 64 KiB/s so a client can leave mid-stream, and a 1.5 s job timeout) and
 * {@link #oneWorker()} (the tweet service alone: one job worker and room for three queued jobs, so jobs wait and
 * the queue fills; it is killed and restarted by the last of its scenarios).
 */
public abstract class MediaSpec extends TweebyteSpec {

    static final String FILTER = "/media/filter";
    static final String JOBS = "/media/jobs";
    static final List<String> JOB_FIELDS = List.of("id", "user_id", "state", "steps", "duration_ms", "progress",
            "attempts", "created_at", "started_at", "finished_at", "reason", "result");

    static final String NOT_AN_IMAGE = "file is not an image (PNG, JPEG, GIF or BMP)";
    static final String DURATION = "duration_ms must be between 1 and 600000";
    static final String STEPS = "steps must be between 1 and 100";
    static final String MALFORMED_JSON = "Malformed JSON request";
    static final String CANCELLED_BY_CLIENT = "cancelled by the client";

    static final String CHUNKS_METRIC = "tweebyte_media_stream_chunks_total";
    static final String ABORTED_METRIC = "tweebyte_media_stream_aborted_total";

    /** {@code tweebyte.media.stream.bytes-per-second} of {@link #paced()}: one 64 KiB chunk a second. */
    static final long SLOW_RATE = 65_536;
    /** {@code tweebyte.media.jobs.timeout} of {@link #paced()}. */
    static final Duration SHORT_TIMEOUT = Duration.ofMillis(1500);
    /** {@code tweebyte.media.jobs.queue-capacity} of {@link #oneWorker()}. */
    static final int SMALL_QUEUE = 3;

    /** How long a job of these scenarios may take to reach a state: generous, for a loaded 2-core machine. */
    static final Duration JOB_DEADLINE = Duration.ofSeconds(60);

    private static final Pattern FRAME = Pattern.compile("event:([a-z]+)\nid:(\\d+)\ndata:(\\{.*})");
    private static final List<String> ORDER_OF_EVENTS = List.of("queued", "running", "succeeded", "failed", "cancelled");

    private TweebyteDeployment paced;
    private TweebyteDeployment oneWorker;

    /** Whether the variant also exports the JVM's virtual-thread metrics (the virtual variant does). */
    protected boolean exportsVirtualThreadMetrics() {
        return false;
    }

    // ---- the deployments

    private MediaHttp tweet() {
        return new MediaHttp(fixture.deployment(variant()).tweetUrl());
    }

    private MediaHttp user() {
        return new MediaHttp(fixture.deployment(variant()).userUrl());
    }

    /** User and tweet service: the stream at 64 KiB/s, jobs timing out after 1.5 s. */
    synchronized TweebyteDeployment paced() {
        if (paced == null) {
            paced = fixture.startDeployment(variant(), "_mpaced_" + variant().id(), o -> o
                    .withServices(EnumSet.of(TweebyteService.USER, TweebyteService.TWEET))
                    .withProperties(TweebyteService.USER,
                            Map.of("tweebyte.media.stream.bytes-per-second", Long.toString(SLOW_RATE)))
                    .withProperties(TweebyteService.TWEET,
                            Map.of("tweebyte.media.jobs.timeout", SHORT_TIMEOUT.toMillis() + "ms")));
        }
        return paced;
    }

    /**
     * The tweet service alone (the jobs need no other service; tokens are signed with its deployment's key): one
     * worker, three queued jobs at most, and a timeout far above a restart, so a job resumed after one may finish.
     */
    synchronized TweebyteDeployment oneWorker() {
        if (oneWorker == null) {
            oneWorker = fixture.startDeployment(variant(), "_mjobs_" + variant().id(), o -> o
                    .withServices(EnumSet.of(TweebyteService.TWEET))
                    .withProperties(TweebyteService.TWEET, Map.of("tweebyte.media.jobs.workers", "1",
                            "tweebyte.media.jobs.queue-capacity", Integer.toString(SMALL_QUEUE),
                            "tweebyte.media.jobs.timeout", "600s")));
        }
        return oneWorker;
    }

    @AfterAll
    void stopOwnDeployments() {
        try {
            if (paced != null) {
                paced.close();
            }
        } finally {
            if (oneWorker != null) {
                oneWorker.close();
            }
        }
    }

    /** Fails when a log of this class's own deployments shows BlockHound catching a blocking call. */
    void assertNoBlockingCallInOwnDeployments() {
        for (TweebyteDeployment d : new TweebyteDeployment[] {paced, oneWorker}) {
            if (d == null) {
                continue;
            }
            for (LaunchedService service : d.services()) {
                try {
                    assertThat(Files.readString(service.log())).as(service.name())
                            .doesNotContain("BlockingOperationError");
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
    }

    // ---- accounts and tokens

    /** A caller the tweet service only knows by its token, as the media endpoints need no account. */
    Account ghost() {
        UUID id = UUID.randomUUID();
        String token = tokenSignedByService(id, Clock.systemUTC(), Duration.ofHours(1));
        return new Account(id, "ghost", "ghost@example.com", "unused", token);
    }

    /** A token signed with the key of one of this class's own deployments. */
    static String token(TweebyteDeployment deployment, UUID user) {
        var key = KeyMaterial.readPrivate(deployment.options().workDir().resolve("keys").resolve("token-private.pem"));
        return new TokenIssuer(key, Clock.systemUTC(), Duration.ofHours(1)).issue(user, "media@example.com");
    }

    // ====================================================================================================
    @Nested
    @DisplayName("POST /media/filter")
    class Filter {

        @Test
        @DisplayName("the seed's 256 x 256 PNG answers the pipeline's JPEG, byte for byte")
        void sampleImage() {
            byte[] input = SampleImage.png(256, 256);
            Answer r = filter(Part.file(input), ghost().token());
            assertFiltered(r, input);
            BufferedImage out = decode(r.body());
            assertThat(out.getWidth()).isEqualTo(256);
            assertThat(out.getHeight()).isEqualTo(256);
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("io.paradigmlab.tweebyte.spec.MediaSpec#otherImages")
        @DisplayName("other images and formats answer the pipeline's JPEG")
        void otherImages(String name, byte[] input, String contentType) {
            assertFiltered(filter(new Part("file", name, contentType, input), ghost().token()), input);
        }

        @Test
        @DisplayName("what is not a decodable image of at most 4096 x 4096 pixels is a 400 with the reason")
        void notAnImage() {
            String token = ghost().token();
            byte[] png = SampleImage.png(256, 256);
            assertError(post(List.of(new Part("picture", "image.png", "image/png", png)), token).text(), 400, FILTER,
                    "file is required");
            assertError(post(List.of(new Part("filename", null, null, "image.png".getBytes(StandardCharsets.UTF_8))),
                    token).text(), 400, FILTER, "file is required");
            assertError(filter(Part.file(new byte[0]), token).text(), 400, FILTER, "file is empty");
            assertError(filter(Part.file("GIF89a? no, just text".getBytes(StandardCharsets.UTF_8)), token).text(), 400,
                    FILTER, NOT_AN_IMAGE);
            assertError(filter(Part.file(Arrays.copyOf(png, png.length / 2)), token).text(), 400, FILTER,
                    NOT_AN_IMAGE);
            assertError(filter(Part.file(Arrays.copyOf(png, 40)), token).text(), 400, FILTER, NOT_AN_IMAGE);
            assertError(filter(Part.file(pngHeaderClaiming(5000, 5000)), token).text(), 400, FILTER,
                    "file must be at most 4096 x 4096 pixels");
            assertError(filter(Part.file(pngHeaderClaiming(4097, 1)), token).text(), 400, FILTER,
                    "file must be at most 4096 x 4096 pixels");
        }

        @Test
        @DisplayName("a file over 4 MiB is a 413; one just under is read and judged by its content")
        void sizeLimit() {
            String token = ghost().token();
            byte[] over = new byte[ImagePipeline.MAX_UPLOAD_BYTES + 1024];
            Arrays.fill(over, (byte) 'x');
            assertError(filter(Part.file(over), token).text(), 413, FILTER, "Request too large");
            byte[] under = new byte[ImagePipeline.MAX_UPLOAD_BYTES - 8 * 1024];
            Arrays.fill(under, (byte) 'x');
            assertError(filter(Part.file(under), token).text(), 400, FILTER, NOT_AN_IMAGE);
        }

        @Test
        @DisplayName("a body that is not multipart is a 415; a multipart body that does not parse a 400")
        void notMultipart() {
            String token = ghost().token();
            byte[] png = SampleImage.png(64, 64);
            assertError(tweet().send("POST", FILTER, token, png, "image/png").text(), 415, FILTER,
                    "Unsupported media type");
            assertError(tweet().postJson(FILTER, "{\"file\":\"iVBORw0KGgo=\"}", token).text(), 415, FILTER,
                    "Unsupported media type");
            // the boundary is announced, the body stops inside the first part's headers
            byte[] cut = ("--" + MediaHttp.boundary() + "\r\nContent-Disposition: form-data; name=\"file\"; filen")
                    .getBytes(StandardCharsets.UTF_8);
            assertError(tweet().send("POST", FILTER, token, cut, "multipart/form-data; boundary=" + MediaHttp.boundary())
                    .text(), 400, FILTER, "Malformed multipart request");
        }

        @Test
        @DisplayName("needs a valid token")
        void needsAToken() {
            byte[] png = SampleImage.png(32, 32);
            assertTokenRequired(ghost(), token -> filter(Part.file(png), token).text(), FILTER);
        }

        @Test
        @DisplayName("a file name in odd Unicode changes nothing")
        void oddUnicodeFileName() {
            byte[] input = SampleImage.png(256, 256);
            String name = "na\u00efve \u2603 \uD83D\uDE00 \u202Egpj.exe\u202C e\u0301 \uFEFF\uFFFD ../../etc/passwd.png";
            assertFiltered(filter(new Part("file", name, "image/png", input), ghost().token()), input);
            // no Content-Type of its own either: the bytes decide what the file is
            assertFiltered(filter(new Part("file", name, null, input), ghost().token()), input);
        }

        @Test
        @DisplayName("a file name with U+0000 is a malformed multipart body (Tomcat's parser says so; WebFlux follows)")
        void nulInFileName() {
            byte[] input = SampleImage.png(256, 256);
            assertError(filter(new Part("file", "image\u0000.png", "image/png", input), ghost().token()).text(), 400,
                    FILTER, "Malformed multipart request");
        }

        @Test
        @DisplayName("eight uploads at once all answer the same bytes")
        void concurrentUploads() {
            byte[] input = SampleImage.png(256, 256);
            String token = ghost().token();
            List<Answer> answers = new ArrayList<>();
            atOnce(8, i -> {
                Answer a = filter(Part.file(input), token);
                synchronized (answers) {
                    answers.add(a);
                }
                return a.text();
            });
            assertThat(answers).hasSize(8);
            for (Answer a : answers) {
                assertFiltered(a, input);
            }
        }

        private Answer filter(Part file, String token) {
            return post(List.of(file), token);
        }

        private Answer post(List<Part> parts, String token) {
            return tweet().postMultipart(FILTER, parts, token);
        }
    }

    /** 200 {@code image/jpeg} whose bytes are those of {@link ImagePipeline#filter} on the same input, here. */
    static void assertFiltered(Answer r, byte[] input) {
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        assertThat(r.header("content-type")).as("%s", r).startsWith("image/jpeg");
        byte[] expected = ImagePipeline.filter(input);
        assertThat(Arrays.equals(r.body(), expected))
                .as("the answer (%d bytes, SHA-256 %s) is the pipeline's JPEG (%d bytes, SHA-256 %s)",
                        r.body().length, sha256(r.body()), expected.length, sha256(expected))
                .isTrue();
    }

    /** The images besides the seed's, each with the content type a browser would send. */
    static Stream<Arguments> otherImages() {
        BufferedImage sample = decode(SampleImage.png(320, 240));
        BufferedImage rgb = new BufferedImage(sample.getWidth(), sample.getHeight(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < sample.getHeight(); y++) {
            for (int x = 0; x < sample.getWidth(); x++) {
                rgb.setRGB(x, y, sample.getRGB(x, y));
            }
        }
        BufferedImage greyGradient = new BufferedImage(200, 150, BufferedImage.TYPE_BYTE_GRAY);
        BufferedImage flatGrey = new BufferedImage(64, 48, BufferedImage.TYPE_BYTE_GRAY);
        for (int y = 0; y < 150; y++) {
            for (int x = 0; x < 200; x++) {
                greyGradient.getRaster().setSample(x, y, 0, (x + 2 * y) % 256);
                if (x < 64 && y < 48) {
                    flatGrey.getRaster().setSample(x, y, 0, 128);
                }
            }
        }
        return Stream.of(
                Arguments.of("photo.jpg", encode(rgb, "jpeg"), "image/jpeg"),
                Arguments.of("grey-gradient.png", encode(greyGradient, "png"), "image/png"),
                Arguments.of("flat-grey.png", encode(flatGrey, "png"), "image/png"),
                Arguments.of("sample.gif", encode(rgb, "gif"), "image/gif"),
                Arguments.of("sample.bmp", encode(rgb, "bmp"), "image/bmp"),
                Arguments.of("wide-and-large.png", SampleImage.png(900, 300), "image/png"),
                Arguments.of("one-pixel.png", SampleImage.png(1, 1), "image/png"));
    }

    static byte[] encode(BufferedImage image, String format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            assertThat(ImageIO.write(image, format, out)).as("ImageIO writes %s", format).isTrue();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static BufferedImage decode(byte[] bytes) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            assertThat(image).as("a decodable image").isNotNull();
            return image;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A PNG whose header (IHDR) claims {@code width} x {@code height} RGB pixels, with one tiny IDAT and IEND: the
     * checksums are right, so only the size can refuse it, and decoding it would allocate the claimed raster.
     */
    static byte[] pngHeaderClaiming(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(13).putInt(width).putInt(height).put((byte) 8).put((byte) 2)
                .put((byte) 0).put((byte) 0).put((byte) 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'});
        chunk(out, "IHDR", ihdr.array());
        chunk(out, "IDAT", new byte[] {0x78, (byte) 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
        chunk(out, "IEND", new byte[0]);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        byte[] typeBytes = type.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(typeBytes);
        crc.update(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt(data.length).array());
        out.writeBytes(typeBytes);
        out.writeBytes(data);
        out.writeBytes(ByteBuffer.allocate(4).putInt((int) crc.getValue()).array());
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // ====================================================================================================
    @Nested
    @DisplayName("GET /media/")
    class StreamEndpoint {

        @Test
        @DisplayName("answers 256 KiB of the pattern with its length, paced by a pause after each chunk")
        void streamsThePattern() {
            byte[] expected = expectedStream();
            String token = ghost().token();
            for (String path : List.of("/media/", "/media")) {
                long start = System.nanoTime();
                Answer r = user().get(path, token);
                Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
                assertThat(r.status()).as("%s", r).isEqualTo(200);
                assertThat(r.header("content-type")).as("%s", r).startsWith("application/octet-stream");
                assertThat(r.header("content-length")).as("%s", r).isEqualTo("262144");
                assertThat(r.body().length).isEqualTo(MediaStream.TOTAL_BYTES);
                assertThat(Arrays.equals(r.body(), expected)).as("the body is the pattern o %% 251").isTrue();
                // the last byte can arrive before the fourth pause: three pauses at least, a quarter off for timers
                Duration pause = Duration.ofNanos(MediaStream.pauseNanos(MediaStream.CHUNK_BYTES,
                        MediaStream.DEFAULT_BYTES_PER_SECOND));
                assertThat(elapsed).as("%s took three pauses of %s at least", path, pause)
                        .isGreaterThanOrEqualTo(pause.multipliedBy(3).multipliedBy(3).dividedBy(4));
            }
        }

        @Test
        @DisplayName("needs a valid token")
        void needsAToken() {
            assertTokenRequired(ghost(), token -> user().get("/media/", token).text(), "/media/");
        }

        @Test
        @DisplayName("a client that leaves mid-stream stops the producer: no further chunk is made")
        void disconnectStopsTheProducer() throws IOException {
            TweebyteDeployment d = paced();
            MediaHttp user = new MediaHttp(d.userUrl());
            String before = user.prometheus();
            double chunks = MediaHttp.sum(before, CHUNKS_METRIC);
            double aborted = MediaHttp.sum(before, ABORTED_METRIC);
            assertThat(MediaHttp.hasSeries(before, CHUNKS_METRIC)).as(CHUNKS_METRIC + " exported").isTrue();
            assertThat(MediaHttp.hasSeries(before, ABORTED_METRIC)).as(ABORTED_METRIC + " exported").isTrue();

            URI base = URI.create(d.userUrl());
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 5000);
                socket.setSoTimeout(30_000);
                socket.getOutputStream().write(("GET /media/ HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                        + "\r\nAuthorization: Bearer " + token(d, UUID.randomUUID()) + "\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                InputStream in = socket.getInputStream();
                String head = head(in);
                assertThat(head).startsWith("HTTP/1.1 200");
                assertThat(head.toLowerCase(Locale.ROOT)).contains("content-length: 262144");
                byte[] first = in.readNBytes(MediaStream.CHUNK_BYTES);
                assertThat(Arrays.equals(first, MediaStream.chunk(0))).as("the first chunk").isTrue();
                // a reset, not a polite close: the server's next write fails at once
                socket.setSoLinger(true, 0);
            }

            StreamCounters after = await("the stream counted as aborted", Duration.ofSeconds(30), () -> {
                String text = user.prometheus();
                return new StreamCounters(MediaHttp.sum(text, CHUNKS_METRIC) - chunks,
                        MediaHttp.sum(text, ABORTED_METRIC) - aborted);
            }, c -> c.aborted() >= 1);
            assertThat(after.aborted()).as("streams aborted").isEqualTo(1);
            // the chunk read, and at most the one written into the socket before the reset was seen
            assertThat(after.chunks()).as("chunks written for the stream").isBetween(1.0, 2.0);
        }
    }

    /** What the stream counters grew by since a test began. */
    record StreamCounters(double chunks, double aborted) {
    }

    static byte[] expectedStream() {
        byte[] all = new byte[MediaStream.TOTAL_BYTES];
        for (int i = 0; i < MediaStream.CHUNKS; i++) {
            System.arraycopy(MediaStream.chunk(i), 0, all, i * MediaStream.CHUNK_BYTES, MediaStream.CHUNK_BYTES);
        }
        for (int o = 0; o < all.length; o++) {
            // the contract's own words, not the domain's code: the byte at offset o is o % 251
            if (all[o] != (byte) (o % 251)) {
                throw new AssertionError("MediaStream's byte at " + o + " is " + all[o] + ", not " + o % 251);
            }
        }
        return all;
    }

    /** The status line and headers of a raw HTTP answer, up to the blank line. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < 4) {
            int b = in.read();
            if (b == -1) {
                throw new IOException("connection closed in the headers: " + head);
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    // ====================================================================================================
    @Nested
    @DisplayName("/media/jobs")
    class Jobs {

        @Test
        @DisplayName("a job is accepted with 202, runs its steps and succeeds with the pattern's digest")
        void runsToSuccess() {
            Account me = ghost();
            MediaHttp http = tweet();
            JsonNode queued = submit(http, me, 300, 3);
            String id = queued.get("id").asString();
            JsonNode done = awaitState(http, me, id, "SUCCEEDED");
            assertJob(done, me.id(), "SUCCEEDED", 3, 300);
            assertThat(done.get("id").asString()).isEqualTo(id);
            assertThat(done.get("progress").asInt()).isEqualTo(3);
            assertThat(done.get("attempts").asInt()).isEqualTo(1);
            assertThat(done.get("created_at").asString()).isEqualTo(queued.get("created_at").asString());
            assertRecent(done.get("started_at"));
            assertRecent(done.get("finished_at"));
            assertThat(done.get("reason").isNull()).isTrue();
            assertResult(done.get("result"), 3);
            assertThat(ok(http.get(JOBS + "/" + id, me.token()).text())).as("read again, the same").isEqualTo(done);
        }

        @Test
        @DisplayName("the events: the current state at once, then every change, in order, and the stream ends")
        void eventsFollowTheJob() {
            Account me = ghost();
            MediaHttp http = tweet();
            int steps = 4;
            // a second per step, five polls of the service's 200 ms each: every progress is seen
            String id = submit(http, me, 4000, steps).get("id").asString();
            List<Frame> frames = events(http, JOBS + "/" + id + "/events", me.token());
            JsonNode finalJob = ok(http.get(JOBS + "/" + id, me.token()).text());

            assertThat(frames.getFirst().event()).as("%s", frames).isIn("queued", "running");
            Frame last = frames.getLast();
            assertThat(last.event()).as("%s", frames).isEqualTo("succeeded");
            assertThat(last.id()).isEqualTo(steps);
            assertThat(last.data()).as("the last event carries the finished job").isEqualTo(finalJob);
            assertResult(last.data().get("result"), steps);
            for (int i = 1; i < frames.size(); i++) {
                Frame a = frames.get(i - 1);
                Frame b = frames.get(i);
                assertThat(ORDER_OF_EVENTS.indexOf(b.event())).as("states in order: %s", frames)
                        .isGreaterThanOrEqualTo(ORDER_OF_EVENTS.indexOf(a.event()));
                assertThat(b.id()).as("progress never goes back: %s", frames).isGreaterThanOrEqualTo(a.id());
                assertThat(b.event().equals(a.event()) && b.id() == a.id()).as("an event per change: %s", frames)
                        .isFalse();
                assertThat(a.event()).as("only the last event is terminal: %s", frames).isIn("queued", "running");
            }
            assertThat(frames.stream().filter(f -> f.event().equals("running")).map(Frame::id))
                    .as("every step's progress was sent: %s", frames)
                    .containsAll(IntStream.range(0, steps).boxed().toList());
        }

        @Test
        @DisplayName("the events of a finished job: one event, then the stream ends")
        void eventsOfAFinishedJob() {
            Account me = ghost();
            MediaHttp http = tweet();
            String id = submit(http, me, 1, 1).get("id").asString();
            JsonNode done = awaitState(http, me, id, "SUCCEEDED");
            List<Frame> frames = events(http, JOBS + "/" + id + "/events", me.token());
            assertThat(frames).hasSize(1);
            assertThat(frames.getFirst().event()).isEqualTo("succeeded");
            assertThat(frames.getFirst().id()).isEqualTo(1);
            assertThat(frames.getFirst().data()).isEqualTo(done);
        }

        @Test
        @DisplayName("the body is validated: every failing rule at once, malformed JSON, wrong types, huge numbers")
        void validatesTheBody() {
            Account me = ghost();
            MediaHttp http = tweet();
            String t = me.token();
            assertError(http.postJson(JOBS, "{}", t).text(), 400, JOBS, DURATION, STEPS);
            assertError(http.postJson(JOBS, "{\"duration_ms\":null,\"steps\":null}", t).text(), 400, JOBS, DURATION,
                    STEPS);
            assertError(http.postJson(JOBS, "{\"steps\":5}", t).text(), 400, JOBS, DURATION);
            assertError(http.postJson(JOBS, "{\"duration_ms\":1000}", t).text(), 400, JOBS, STEPS);
            assertError(http.postJson(JOBS, "{\"duration_ms\":0,\"steps\":1}", t).text(), 400, JOBS, DURATION);
            assertError(http.postJson(JOBS, "{\"duration_ms\":600001,\"steps\":100}", t).text(), 400, JOBS,
                    DURATION);
            assertError(http.postJson(JOBS, "{\"duration_ms\":1000,\"steps\":0}", t).text(), 400, JOBS, STEPS);
            assertError(http.postJson(JOBS, "{\"duration_ms\":1000,\"steps\":101}", t).text(), 400, JOBS, STEPS);
            assertError(http.postJson(JOBS, "{\"duration_ms\":-5,\"steps\":-1}", t).text(), 400, JOBS, DURATION,
                    STEPS);
            assertError(http.postJson(JOBS, "{\"duration_ms\":2147483647,\"steps\":-2147483648}", t).text(), 400, JOBS,
                    DURATION, STEPS);
            for (String malformed : List.of("", "{", "{\"duration_ms\":", "{\"duration_ms\":1000,\"steps\":2",
                    "{\"duration_ms\":\"abc\",\"steps\":2}", "{\"duration_ms\":1000,\"steps\":true}",
                    "{\"duration_ms\":{},\"steps\":2}", "{\"duration_ms\":1000,\"steps\":[2]}",
                    "{\"duration_ms\":99999999999999999999,\"steps\":2}",
                    "{\"duration_ms\":1000,\"steps\":2147483648}", "[1000,2]")) {
                assertError(http.postJson(JOBS, malformed, t).text(), 400, JOBS, MALFORMED_JSON);
            }
            assertError(http.send("POST", JOBS, t, "duration_ms=1000&steps=2".getBytes(StandardCharsets.UTF_8),
                    "text/plain").text(), 415, JOBS, "Unsupported media type");
        }

        @Test
        @DisplayName("the bounds are accepted: 1 ms in 1 step, 600000 ms in 100 steps")
        void acceptsTheBounds() {
            Account me = ghost();
            MediaHttp http = tweet();
            String smallest = submit(http, me, 1, 1).get("id").asString();
            JsonNode largest = submit(http, me, 600_000, 100);
            JsonNode cancelled = ok(http.delete(JOBS + "/" + largest.get("id").asString(), me.token()).text());
            assertThat(cancelled.get("state").asString()).isEqualTo("CANCELLED");
            assertResult(awaitState(http, me, smallest, "SUCCEEDED").get("result"), 1);
        }

        @Test
        @DisplayName("ids: 400 when not a UUID, 404 when unknown, 403 when someone else's")
        void idsAndOwners() {
            Account me = ghost();
            Account other = ghost();
            MediaHttp http = tweet();
            String id = submit(http, me, 1, 1).get("id").asString();
            awaitState(http, me, id, "SUCCEEDED");
            String unknown = UUID.randomUUID().toString();
            for (String suffix : List.of("", "/events")) {
                assertError(http.get(JOBS + "/not-a-uuid" + suffix, me.token()).text(), 400, JOBS + "/not-a-uuid"
                        + suffix, "id must be a valid UUID");
                assertError(http.get(JOBS + "/" + unknown + suffix, me.token()).text(), 404, JOBS + "/" + unknown
                        + suffix, "Job not found");
                assertError(http.get(JOBS + "/" + id + suffix, other.token()).text(), 403, JOBS + "/" + id + suffix,
                        "You can only access your own jobs");
            }
            assertError(http.delete(JOBS + "/1-2-3-4-5", me.token()).text(), 400, JOBS + "/1-2-3-4-5",
                    "id must be a valid UUID");
            assertError(http.delete(JOBS + "/" + unknown, me.token()).text(), 404, JOBS + "/" + unknown,
                    "Job not found");
            assertError(http.delete(JOBS + "/" + id, other.token()).text(), 403, JOBS + "/" + id,
                    "You can only access your own jobs");
            assertThat(ok(http.get(JOBS + "/" + id, me.token()).text()).get("state").asString())
                    .as("someone else's cancel changed nothing").isEqualTo("SUCCEEDED");
        }

        @Test
        @DisplayName("cancelling a finished job is a 409; the job is unchanged")
        void cancelAfterTheEnd() {
            Account me = ghost();
            MediaHttp http = tweet();
            String id = submit(http, me, 1, 1).get("id").asString();
            JsonNode done = awaitState(http, me, id, "SUCCEEDED");
            assertError(http.delete(JOBS + "/" + id, me.token()).text(), 409, JOBS + "/" + id,
                    "Job already finished");
            assertThat(ok(http.get(JOBS + "/" + id, me.token()).text())).isEqualTo(done);
        }

        @Test
        @DisplayName("every job endpoint needs a valid token")
        void needsAToken() {
            Account me = ghost();
            MediaHttp http = tweet();
            String id = submit(http, me, 1, 1).get("id").asString();
            assertTokenRequired(me, token -> http.postJson(JOBS, "{\"duration_ms\":1,\"steps\":1}", token).text(),
                    JOBS);
            assertTokenRequired(me, token -> http.get(JOBS + "/" + id, token).text(), JOBS + "/" + id);
            assertTokenRequired(me, token -> http.get(JOBS + "/" + id + "/events", token).text(),
                    JOBS + "/" + id + "/events");
            assertTokenRequired(me, token -> http.delete(JOBS + "/" + id, token).text(), JOBS + "/" + id);
        }
    }

    // ====================================================================================================
    @Nested
    @DisplayName("/media/jobs with one worker and room for three queued jobs")
    @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
    class OneWorker {

        @Test
        @Order(1)
        @DisplayName("a queued job is cancelled at once; a running one stops before its next step")
        void cancelQueuedAndRunning() {
            TweebyteDeployment d = oneWorker();
            MediaHttp http = new MediaHttp(d.tweetUrl());
            Account me = account(d);
            // 100 steps of 600 ms: it runs until it is cancelled
            String running = submit(http, me, 60_000, 100).get("id").asString();
            await("the first job running", JOB_DEADLINE, () -> job(http, me, running),
                    j -> j.get("state").asString().equals("RUNNING"));
            String queued = submit(http, me, 1000, 2).get("id").asString();

            JsonNode cancelledQueued = ok(http.delete(JOBS + "/" + queued, me.token()).text());
            assertJob(cancelledQueued, me.id(), "CANCELLED", 2, 1000);
            assertThat(cancelledQueued.get("reason").asString()).isEqualTo(CANCELLED_BY_CLIENT);
            assertThat(cancelledQueued.get("progress").asInt()).isZero();
            assertThat(cancelledQueued.get("attempts").asInt()).isZero();
            assertThat(cancelledQueued.get("started_at").isNull()).isTrue();
            assertRecent(cancelledQueued.get("finished_at"));
            assertThat(cancelledQueued.get("result").isNull()).isTrue();
            assertThat(ok(http.delete(JOBS + "/" + queued, me.token()).text()))
                    .as("cancelling again answers the job unchanged").isEqualTo(cancelledQueued);

            await("the running job past its first step", JOB_DEADLINE, () -> job(http, me, running),
                    j -> j.get("progress").asInt() >= 1);
            JsonNode cancelledRunning = ok(http.delete(JOBS + "/" + running, me.token()).text());
            assertJob(cancelledRunning, me.id(), "CANCELLED", 100, 60_000);
            assertThat(cancelledRunning.get("reason").asString()).isEqualTo(CANCELLED_BY_CLIENT);
            assertThat(cancelledRunning.get("attempts").asInt()).isEqualTo(1);
            assertThat(cancelledRunning.get("result").isNull()).isTrue();
            int progressAtCancel = cancelledRunning.get("progress").asInt();
            assertThat(progressAtCancel).isBetween(1, 99);

            // the only worker takes the next job once the cancelled one stopped: then it made no further step
            String next = submit(http, me, 10, 1).get("id").asString();
            assertThat(awaitState(http, me, next, "SUCCEEDED").get("attempts").asInt()).isEqualTo(1);
            JsonNode stopped = job(http, me, running);
            assertThat(stopped.get("state").asString()).isEqualTo("CANCELLED");
            assertThat(stopped.get("progress").asInt()).as("no step after the cancel").isEqualTo(progressAtCancel);
            assertThat(stopped.get("finished_at").asString())
                    .isEqualTo(cancelledRunning.get("finished_at").asString());

            List<Frame> frames = events(http, JOBS + "/" + running + "/events", me.token());
            assertThat(frames).hasSize(1);
            assertThat(frames.getFirst().event()).isEqualTo("cancelled");
            assertThat(frames.getFirst().id()).isEqualTo(progressAtCancel);
        }

        @Test
        @Order(2)
        @DisplayName("with three jobs queued the next is refused with 503 and Retry-After; a cancel makes room")
        void queueFull() {
            TweebyteDeployment d = oneWorker();
            MediaHttp http = new MediaHttp(d.tweetUrl());
            Account me = account(d);
            List<String> accepted = new ArrayList<>();
            try {
                String running = submit(http, me, 60_000, 100).get("id").asString();
                accepted.add(running);
                await("the first job running", JOB_DEADLINE, () -> job(http, me, running),
                        j -> j.get("state").asString().equals("RUNNING"));
                for (int i = 0; i < SMALL_QUEUE; i++) {
                    accepted.add(submit(http, me, 1000, 1).get("id").asString());
                }
                Answer refused = http.postJson(JOBS, "{\"duration_ms\":1000,\"steps\":1}", me.token());
                assertError(refused.text(), 503, JOBS, "Media job queue is full");
                assertThat(refused.header("retry-after")).as("%s", refused).isEqualTo("1");

                ok(http.delete(JOBS + "/" + accepted.getLast(), me.token()).text());
                accepted.add(submit(http, me, 1000, 1).get("id").asString());
            } finally {
                for (String id : accepted) {
                    http.delete(JOBS + "/" + id, me.token());
                }
            }
        }

        @Test
        @Order(3)
        @DisplayName("killed and restarted with jobs queued and one running: every accepted job succeeds")
        void survivesARestart() {
            TweebyteDeployment d = oneWorker();
            MediaHttp http = new MediaHttp(d.tweetUrl());
            Account me = account(d);
            int steps = 6;
            List<String> ids = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                ids.add(submit(http, me, 3000, steps).get("id").asString());
            }
            JsonNode interrupted = await("the first job past its first step", JOB_DEADLINE,
                    () -> job(http, me, ids.getFirst()), j -> j.get("progress").asInt() >= 1);
            assertThat(interrupted.get("state").asString()).isEqualTo("RUNNING");

            // a crash, not a shutdown: no hook of the service runs
            LaunchedService service = d.process(TweebyteService.TWEET);
            ProcessHandle.of(service.pid()).ifPresent(ProcessHandle::destroyForcibly);
            await("the tweet service gone", Duration.ofSeconds(30), service::isAlive, alive -> !alive);
            d.restart(TweebyteService.TWEET);

            List<JsonNode> done = new ArrayList<>();
            for (String id : ids) {
                done.add(awaitState(http, me, id, "SUCCEEDED"));
            }
            for (JsonNode job : done) {
                assertJob(job, me.id(), "SUCCEEDED", steps, 3000);
                assertThat(job.get("progress").asInt()).isEqualTo(steps);
                assertResult(job.get("result"), steps);
            }
            assertThat(done.getFirst().get("attempts").asInt()).as("the interrupted job was resumed: %s",
                    done.getFirst()).isEqualTo(2);
            assertThat(done.get(1).get("attempts").asInt()).as("%s", done.get(1)).isEqualTo(1);
            assertThat(done.get(2).get("attempts").asInt()).as("%s", done.get(2)).isEqualTo(1);
        }

        private Account account(TweebyteDeployment d) {
            UUID id = UUID.randomUUID();
            return new Account(id, "worker", "worker@example.com", "unused", token(d, id));
        }
    }

    // ====================================================================================================
    @Nested
    @DisplayName("/media/jobs with a 1.5 s timeout")
    class Timeout {

        @Test
        @DisplayName("a job running longer than the timeout fails with the reason; a shorter one succeeds")
        void failsAfterTheTimeout() {
            TweebyteDeployment d = paced();
            MediaHttp http = new MediaHttp(d.tweetUrl());
            UUID user = UUID.randomUUID();
            Account me = new Account(user, "timer", "timer@example.com", "unused", token(d, user));
            String slow = submit(http, me, 10_000, 10).get("id").asString();
            String quick = submit(http, me, 300, 3).get("id").asString();

            JsonNode failed = awaitState(http, me, slow, "FAILED");
            assertJob(failed, user, "FAILED", 10, 10_000);
            assertThat(failed.get("reason").asString()).isEqualTo("timed out after 1500 ms");
            assertThat(failed.get("progress").asInt()).isLessThan(10);
            assertThat(failed.get("result").isNull()).isTrue();
            assertRecent(failed.get("finished_at"));
            assertError(http.delete(JOBS + "/" + slow, me.token()).text(), 409, JOBS + "/" + slow,
                    "Job already finished");
            List<Frame> frames = events(http, JOBS + "/" + slow + "/events", me.token());
            assertThat(frames).hasSize(1);
            assertThat(frames.getFirst().event()).isEqualTo("failed");
            assertThat(frames.getFirst().data()).isEqualTo(failed);

            assertResult(awaitState(http, me, quick, "SUCCEEDED").get("result"), 3);
        }
    }

    // ====================================================================================================
    @Nested
    @DisplayName("the following cache")
    class FollowingCache {

        @Test
        @DisplayName("GET /follows/{userId}/following: the same bytes twice, cached for at most 60 s, dropped on a follow")
        void readThroughAndInvalidation() {
            Account reader = register("Cache");
            Account first = register("Followed");
            Account second = register("Followed");
            Interactions.follows(interactions, reader, first);
            MediaHttp http = new MediaHttp(fixture.deployment(variant()).interactionUrl());
            String path = "/follows/" + reader.id() + "/following";
            String key = "tweebyte:following:" + reader.id();

            Answer miss = http.get(path, reader.token());
            Answer hit = http.get(path, reader.token());
            assertThat(ok(miss.text()).size()).isEqualTo(1);
            assertThat(values(miss.text().json(), "followed_id")).containsExactly(s(first.id()));
            assertThat(hit.status()).isEqualTo(200);
            assertThat(Arrays.equals(miss.body(), hit.body())).as("identical bytes: %s / %s", miss, hit).isTrue();
            try (RedisProbe redis = new RedisProbe(fixture.infrastructure().redis())) {
                assertThat(redis.get(key)).as("Redis holds the answer's bytes under " + key).isEqualTo(miss.body());
                assertThat(redis.ttl(key)).as("the TTL of " + key).isBetween(1L, 60L);

                Interactions.follows(interactions, reader, second);
                assertThat(redis.exists(key)).as(key + " dropped by the follow").isFalse();

                Answer fresh = http.get(path, reader.token());
                assertThat(values(ok(fresh.text()), "followed_id")).containsExactlyInAnyOrder(s(first.id()),
                        s(second.id()));
                assertThat(redis.get(key)).isEqualTo(fresh.body());
                assertThat(redis.ttl(key)).isBetween(1L, 60L);
            }
        }
    }

    // ====================================================================================================
    @Nested
    @DisplayName("pool metrics")
    class PoolMetrics {

        @Test
        @DisplayName("the tweet service exports its cpu and jobs executors, the user service its stream executor")
        void executorsAreExported() {
            String tweet = tweet().prometheus();
            String user = user().prometheus();
            // every missing series at once, so one run names them all
            List<String> missing = new ArrayList<>();
            for (String metric : List.of("executor_active_threads", "executor_queued_tasks")) {
                for (String name : List.of("cpu", "jobs")) {
                    if (!MediaHttp.hasSeries(tweet, metric, "name", name)) {
                        missing.add("tweet service: " + metric + "{name=\"" + name + "\"}");
                    }
                }
                if (!MediaHttp.hasSeries(user, metric, "name", "stream")) {
                    missing.add("user service: " + metric + "{name=\"stream\"}");
                }
            }
            if (exportsVirtualThreadMetrics()) {
                for (String service : List.of("tweet", "user")) {
                    if (!MediaHttp.hasSeries(service.equals("tweet") ? tweet : user,
                            "tweebyte_virtual_threads_started_total")) {
                        missing.add(service + " service: tweebyte_virtual_threads_started_total");
                    }
                }
            }
            assertThat(missing).as("series missing on /actuator/prometheus").isEmpty();
        }
    }

    // ---- jobs: steps and assertions

    /** POSTs a job and asserts the 202: {@code Location}, a QUEUED job of the caller. */
    static JsonNode submit(MediaHttp http, Account caller, int durationMs, int steps) {
        Answer r = http.postJson(JOBS, "{\"duration_ms\":" + durationMs + ",\"steps\":" + steps + "}", caller.token());
        JsonNode job = json(r.text(), 202);
        assertJob(job, caller.id(), "QUEUED", steps, durationMs);
        String id = job.get("id").asString();
        assertThat(r.header("location")).as("%s", r).isEqualTo(JOBS + "/" + id);
        assertThat(job.get("progress").asInt()).isZero();
        assertThat(job.get("attempts").asInt()).isZero();
        assertRecent(job.get("created_at"));
        assertThat(job.get("started_at").isNull()).isTrue();
        assertThat(job.get("finished_at").isNull()).isTrue();
        assertThat(job.get("reason").isNull()).isTrue();
        assertThat(job.get("result").isNull()).isTrue();
        return job;
    }

    static JsonNode job(MediaHttp http, Account caller, String id) {
        return ok(http.get(JOBS + "/" + id, caller.token()).text());
    }

    static JsonNode awaitState(MediaHttp http, Account caller, String id, String state) {
        return await("job " + id + " " + state, JOB_DEADLINE, () -> job(http, caller, id),
                j -> j.get("state").asString().equals(state) || isTerminal(j));
    }

    private static boolean isTerminal(JsonNode job) {
        return List.of("SUCCEEDED", "FAILED", "CANCELLED").contains(job.get("state").asString());
    }

    /** The job's shape and what does not change over its life. */
    static void assertJob(JsonNode job, UUID owner, String state, int steps, int durationMs) {
        assertFields(job, JOB_FIELDS);
        assertThat(UUID.fromString(job.get("id").asString())).isNotNull();
        assertThat(job.get("user_id").asString()).isEqualTo(s(owner));
        assertThat(job.get("state").asString()).as("%s", job).isEqualTo(state);
        assertThat(job.get("steps").asInt()).isEqualTo(steps);
        assertThat(job.get("duration_ms").asInt()).isEqualTo(durationMs);
        assertThat(job.get("progress").isInt()).isTrue();
        assertThat(job.get("attempts").isInt()).isTrue();
    }

    /** {@code steps * 65536} bytes and the SHA-256 of that much of the pattern, computed here and by the domain. */
    static void assertResult(JsonNode result, int steps) {
        assertThat(result.propertyNames()).containsExactly("bytes", "sha256");
        byte[] pattern = new byte[steps * MediaStream.CHUNK_BYTES];
        for (int o = 0; o < pattern.length; o++) {
            pattern[o] = (byte) (o % 251);
        }
        JobResult expected = MediaJobRules.result(steps);
        assertThat(expected.sha256()).as("the domain's digest").isEqualTo(sha256(pattern));
        assertThat(result.get("bytes").asLong()).isEqualTo(steps * 65536L).isEqualTo(expected.bytes());
        assertThat(result.get("sha256").asString()).isEqualTo(expected.sha256());
    }

    /** One server-sent event: {@code event:<state>\nid:<progress>\ndata:<job>}. */
    record Frame(String event, int id, JsonNode data) {

        @Override
        public String toString() {
            return event + "/" + id;
        }
    }

    /** The whole event stream, read until the service ends it, each event checked against its job. */
    static List<Frame> events(MediaHttp http, String path, String token) {
        Answer r = http.get(path, token);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        assertThat(r.header("content-type")).as("%s", r).startsWith("text/event-stream");
        String body = new String(r.body(), StandardCharsets.UTF_8);
        assertThat(body).as("the stream ends after a whole event").endsWith("\n\n");
        List<Frame> frames = new ArrayList<>();
        for (String text : body.substring(0, body.length() - 2).split("\n\n", -1)) {
            Matcher m = FRAME.matcher(text);
            assertThat(m.matches()).as("an event is event:<state>\\nid:<progress>\\ndata:<job>, was %s", text)
                    .isTrue();
            JsonNode data = Response.JSON.readTree(m.group(3));
            assertFields(data, JOB_FIELDS);
            assertThat(m.group(1)).isEqualTo(data.get("state").asString().toLowerCase(Locale.ROOT));
            assertThat(Integer.parseInt(m.group(2))).isEqualTo(data.get("progress").asInt());
            frames.add(new Frame(m.group(1), Integer.parseInt(m.group(2)), data));
        }
        return frames;
    }

    /** Asks {@code probe} every 50 ms until {@code done} holds, for at most {@code within}; answers the last value. */
    static <T> T await(String what, Duration within, Supplier<T> probe, Predicate<T> done) {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            T value = probe.get();
            if (done.test(value)) {
                return value;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Not " + what + " within " + within + "; last seen: " + value);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
