package io.paradigmlab.lab.reaper;

import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One server the lab started, as {@link ServerRegistry} keeps it in a file of its own: what it is, which process
 * it is, which process started it (its owner), the ports it listens on where known, the data folder the lab owns for
 * it (deleted once it is stopped) and one line saying what it is for.
 *
 * @param ports   the ports it listens on, empty when none or unknown
 * @param dataDir a folder the lab created for it and deletes after it, or null
 */
public record ServerRecord(ServerKind kind, ProcessIdentity process, ProcessIdentity owner, List<Integer> ports,
                           Path dataDir, String description) {

    public ServerRecord {
        ports = List.copyOf(ports);
        dataDir = dataDir == null ? null : dataDir.toAbsolutePath().normalize();
        description = description == null ? "" : description.replaceAll("\\s+", " ").strip();
    }

    /** E.g. {@code PostgreSQL pid 5678, port 41234 (embedded PostgreSQL)}. */
    public String describe() {
        String on = ports.isEmpty() ? ""
                : (ports.size() == 1 ? ", port " : ", ports ")
                + ports.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return kind.label() + " pid " + process.pid() + on + (description.isEmpty() ? "" : " (" + description + ")");
    }

    ObjectNode toJson() {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("kind", kind.id());
        json.put("description", description);
        json.set("process", identity(process));
        json.set("owner", identity(owner));
        ArrayNode portList = json.putArray("ports");
        ports.forEach(portList::add);
        if (dataDir != null) {
            json.put("dataDir", dataDir.toString());
        }
        return json;
    }

    /** @throws IllegalArgumentException naming what is missing or malformed */
    static ServerRecord fromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        List<Integer> ports = new ArrayList<>();
        JsonNode portList = json.get("ports");
        if (portList != null) {
            if (!portList.isArray()) {
                throw new IllegalArgumentException("'ports' is not a list");
            }
            portList.forEach(port -> {
                if (!port.isInt() || port.intValue() < 1 || port.intValue() > 65_535) {
                    throw new IllegalArgumentException("'ports' holds " + port + ", not a port");
                }
                ports.add(port.intValue());
            });
        }
        JsonNode data = json.get("dataDir");
        Path dataDir = data == null || data.isNull() ? null : Path.of(text(json, "dataDir"));
        if (dataDir != null && !dataDir.isAbsolute()) {
            throw new IllegalArgumentException("'dataDir' is not an absolute path: " + dataDir);
        }
        JsonNode description = json.get("description");
        return new ServerRecord(ServerKind.byId(text(json, "kind")), identity(json, "process"),
                identity(json, "owner"), ports, dataDir, description == null ? "" : description.asString());
    }

    private static ObjectNode identity(ProcessIdentity identity) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("pid", identity.pid());
        json.put("started", identity.started().toString());
        if (identity.startTicks() >= 0) {
            json.put("startTicks", identity.startTicks());
        }
        if (identity.boot() != null) {
            json.put("boot", identity.boot());
        }
        return json;
    }

    private static ProcessIdentity identity(JsonNode parent, String field) {
        JsonNode json = parent.get(field);
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("no '" + field + "' object");
        }
        JsonNode pid = json.get("pid");
        if (pid == null || !pid.canConvertToLong() || pid.longValue() <= 0) {
            throw new IllegalArgumentException("'" + field + ".pid' is missing or not a pid");
        }
        Instant started;
        try {
            started = Instant.parse(text(json, "started"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("'" + field + ".started' is not an instant: " + json.get("started"));
        }
        JsonNode ticks = json.get("startTicks");
        JsonNode boot = json.get("boot");
        return new ProcessIdentity(pid.longValue(), started, ticks == null ? -1 : ticks.longValue(),
                boot == null || boot.isNull() ? null : boot.asString());
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw new IllegalArgumentException("'" + field + "' is missing or not a string");
        }
        return value.asString();
    }
}
