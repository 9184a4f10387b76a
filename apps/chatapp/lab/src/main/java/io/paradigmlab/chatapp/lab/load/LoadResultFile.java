package io.paradigmlab.chatapp.lab.load;

import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the {@code result.json} the ChatApp load writes ({@code io.paradigmlab.chatapp.load.LoadResult} in
 * apps/chatapp/load: the two modules share only this format, since the lab must not load Gatling):
 * <pre>{@code
 * {"scenario":"A.2","users":10,"seed":1,"startMillis":..,"endMillis":..,"startMicros":..,"endMicros":..,
 *  "operations":..,"errors":..,"counts":{"requests":..,"deliveries":..,...},"problems":["..."],
 *  "histograms":{"ack":"<base64>","delivery":"<base64>"}}
 * }</pre>
 * Histograms are HdrHistogram's compressed encoding in base64, values in nanoseconds.
 */
final class LoadResultFile {

    /** The client count behind each server work counter ({@code Experiment#workCounters()}). */
    static final Map<String, String> WORK = Map.of(
            "chatapp_sends_total", "sends",
            "chatapp_edits_total", "edits",
            "chatapp_deliveries_total", "deliveries",
            "chatapp_pal_tasks_total", "pal",
            "chatapp_pal_count_total", "palCount",
            "chatapp_logins_total", "logins");

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private LoadResultFile() {
    }

    /**
     * The outcome of a run: the ack latency as {@code latency}, the delivery latency as the histogram
     * {@code delivery}, the deliveries received as the value {@code deliveries}, and the client counts under the
     * server's metric names.
     *
     * @throws LabException when the file cannot be read or is not a load result
     */
    static ExperimentOutcome read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (IOException | JacksonException e) {
            throw new LabException("Cannot read the load's result " + file + ": " + e.getMessage(), e);
        }
        if (!root.has("startMillis") || !root.has("counts")) {
            throw new LabException(file + " is not a ChatApp load result");
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        for (var e : root.path("counts").properties()) {
            counts.put(e.getKey(), e.getValue().asLong());
        }
        List<String> problems = new ArrayList<>();
        root.path("problems").forEach(p -> problems.add(p.asString()));
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        for (var e : root.path("histograms").properties()) {
            histograms.put(e.getKey(), decode(e.getValue().asString(), file));
        }
        Histogram ack = histograms.remove("ack");
        Map<String, Long> work = new LinkedHashMap<>();
        WORK.forEach((metric, count) -> {
            if (counts.containsKey(count)) {
                work.put(metric, counts.get(count));
            }
        });
        Map<String, Double> values = new LinkedHashMap<>();
        values.put("deliveries", (double) counts.getOrDefault("deliveries", 0L));
        return new ExperimentOutcome(root.path("startMillis").asLong(), root.path("endMillis").asLong(),
                root.path("operations").asLong(), root.path("errors").asLong(),
                ack != null ? ack : new Histogram(3), histograms, values, work, problems);
    }

    static Histogram decode(String base64, Path file) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) { // a truncated buffer underflows
            throw new LabException("A histogram of " + file + " cannot be decoded: " + e.getMessage(), e);
        }
    }
}
