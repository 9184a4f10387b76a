package io.paradigmlab.chatapp.load;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What one load run saw, as written to {@code result.json} for the lab (whose
 * {@code io.paradigmlab.chatapp.lab.load.LoadResultFile} reads the same format):
 * <pre>{@code
 * {"scenario":"A.2","users":10,"seed":1,"startMillis":..,"endMillis":..,"startMicros":..,"endMicros":..,
 *  "operations":..,"errors":..,"counts":{"requests":..,"deliveries":..,...},"problems":["..."],
 *  "histograms":{"ack":"<base64>","delivery":"<base64>"}}
 * }</pre>
 * Histograms are HdrHistogram's compressed encoding ({@code encodeIntoCompressedByteBuffer}), in base64, values in
 * nanoseconds. {@code operations} are the requests sent; {@code errors} the {@code err} replies plus the requests
 * left without a reply.
 *
 * @param startMillis epoch ms when the first user started (from µs, {@code startMicros})
 * @param endMillis   epoch ms when the last user's work ended: its last reply or the last delivery it waited for
 *                    (closing the connection is not work)
 * @param counts      the client counts by name (see {@link #clientCounts()})
 */
public record LoadResult(String scenario, int users, long seed, long startMicros, long endMicros, long operations,
                         long errors, Map<String, Long> counts, List<String> problems,
                         Map<String, Histogram> histograms) {

    public LoadResult {
        counts = Map.copyOf(counts);
        problems = List.copyOf(problems);
        histograms = Map.copyOf(histograms);
    }

    public long startMillis() {
        return Math.floorDiv(startMicros, 1_000L);
    }

    public long endMillis() {
        return Math.floorDiv(endMicros, 1_000L);
    }

    /** The counts the clients kept, by their result.json names. */
    static Map<String, Long> clientCounts() {
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("requests", LoadMetrics.REQUESTS.sum());
        c.put("replies", LoadMetrics.REPLIES.sum());
        c.put("errFrames", LoadMetrics.ERR_FRAMES.sum());
        c.put("noReply", LoadMetrics.NO_REPLY.sum());
        c.put("logins", LoadMetrics.LOGINS.sum());
        c.put("sends", LoadMetrics.SENDS.sum());
        c.put("edits", LoadMetrics.EDITS.sum());
        c.put("pal", LoadMetrics.PAL_RESULTS.sum());
        c.put("palCount", LoadMetrics.PAL_COUNT.sum());
        c.put("deliveries", LoadMetrics.DELIVERIES.sum());
        c.put("msg", LoadMetrics.MSGS.sum());
        c.put("edited", LoadMetrics.EDITED.sum());
        c.put("lateReplies", LoadMetrics.LATE_REPLIES.sum());
        c.put("clampedDeliveries", LoadMetrics.CLAMPED.sum());
        c.put("usersStarted", (long) LoadMetrics.USERS_STARTED.get());
        c.put("usersDone", (long) LoadMetrics.USERS_DONE.get());
        return c;
    }

    /** The run as {@link LoadMetrics} has it now, plus {@code extraProblems}. */
    static LoadResult collect(LoadParams params, List<String> extraProblems) {
        long start = LoadMetrics.START_MICROS.get();
        long end = LoadMetrics.END_MICROS.get();
        if (start == Long.MAX_VALUE) {
            start = ChatUser.nowMicros();
        }
        if (end == Long.MIN_VALUE || end < start) {
            end = start;
        }
        List<String> problems = new ArrayList<>(LoadMetrics.problems());
        problems.addAll(extraProblems);
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        histograms.put("ack", LoadMetrics.drain(LoadMetrics.ACK));
        histograms.put("delivery", LoadMetrics.drain(LoadMetrics.DELIVERY));
        return new LoadResult(params.scenario(), params.users(), params.seed(), start, end,
                LoadMetrics.REQUESTS.sum(), LoadMetrics.ERR_FRAMES.sum() + LoadMetrics.NO_REPLY.sum(), clientCounts(),
                problems, histograms);
    }

    /** Writes {@code file} (its folder must exist). */
    public void write(Path file) {
        ObjectNode root = ChatUser.JSON.createObjectNode();
        root.put("scenario", scenario).put("users", users).put("seed", seed)
                .put("startMillis", startMillis()).put("endMillis", endMillis())
                .put("startMicros", startMicros).put("endMicros", endMicros)
                .put("operations", operations).put("errors", errors);
        ObjectNode c = root.putObject("counts");
        counts.forEach(c::put);
        var p = root.putArray("problems");
        problems.forEach(p::add);
        ObjectNode h = root.putObject("histograms");
        histograms.forEach((name, histogram) -> h.put(name, encode(histogram)));
        try {
            ChatUser.JSON.writer().with(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    /** Reads what {@link #write} wrote. */
    public static LoadResult read(Path file) {
        try {
            JsonNode root = ChatUser.JSON.readTree(Files.readString(file));
            Map<String, Long> counts = new LinkedHashMap<>();
            root.path("counts").properties().forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
            List<String> problems = new ArrayList<>();
            root.path("problems").forEach(x -> problems.add(x.asText()));
            Map<String, Histogram> histograms = new LinkedHashMap<>();
            root.path("histograms").properties().forEach(e -> histograms.put(e.getKey(),
                    decode(e.getValue().asText())));
            return new LoadResult(root.path("scenario").asText(), root.path("users").asInt(),
                    root.path("seed").asLong(), root.path("startMicros").asLong(), root.path("endMicros").asLong(),
                    root.path("operations").asLong(), root.path("errors").asLong(), counts, problems, histograms);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("not an encoded histogram", e);
        }
    }
}
