package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.json.JsonReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes {@code campaign.json}: the {@link CampaignResult} itself, pretty-printed, instants as ISO-8601
 * strings, NaN (e.g. the offered rate of a closed-model level) as the string {@code "NaN"} so the file stays JSON.
 */
public final class CampaignJson {

    /** The mapper of every JSON file of a report. */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            // Also accept bare NaN tokens, in case another writer produced the file.
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            // A file written before a setting existed lacks it: a missing flag (e.g. viaGateway) reads as false.
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private CampaignJson() {
    }

    /**
     * Re-reads a saved campaign, e.g. for {@code ./lab compare} or to rebuild its report.
     *
     * @throws tools.jackson.core.JacksonException if the file cannot be read or parsed
     */
    public static CampaignResult read(Path campaignJson) {
        JsonNode root = MAPPER.readTree(campaignJson.toFile());
        // A file written before these resources were sampled lacks them: not measured (NaN), never 0.
        if (root.get("measurements") instanceof ArrayNode measurements) {
            for (JsonNode m : measurements) {
                if (m.get("service") instanceof ObjectNode service) {
                    for (String added : SAMPLED_LATER) {
                        if (!service.has(added)) {
                            service.put(added, "NaN");
                        }
                    }
                }
            }
        }
        return MAPPER.treeToValue(root, CampaignResult.class);
    }

    /**
     * The resources sampled since the soak analysis came (and the JIT's compilation time, since the steady-state
     * check): absent from older files.
     */
    private static final List<String> SAMPLED_LATER = List.of("heapAfterGcMb", "heapFloorMb", "openFiles",
            "jitMsPerSecond", "jitShare");

    /** Writes {@code result} to {@code file}, replacing it. */
    public static void write(CampaignResult result, Path file) {
        MAPPER.writeValue(file, result);
    }
}
