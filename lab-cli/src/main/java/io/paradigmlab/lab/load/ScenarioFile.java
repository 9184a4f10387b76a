package io.paradigmlab.lab.load;

import io.paradigmlab.lab.api.LabException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A scenario file as YAML nodes: the {@code scenario:} of a Hyperfoil benchmark, or a {@code forks:} list of
 * weighted scenarios, with the comment lines on top. Hyperfoil's syntax is not interpreted here: the nodes are copied
 * into the generated benchmark as they are (only {@code seed} is added to each random {@code csvRow} that has none).
 */
final class ScenarioFile {

    static final String SCENARIO = "scenario";
    static final String FORKS = "forks";

    /**
     * Where a service's requests go: the HTTP target named {@code target} in the generated benchmark, with
     * {@code prefix} ({@code ""} or {@code /a/b}) in front of each path (a service behind a gateway).
     */
    record Route(String target, String prefix) {
    }

    private static final java.util.Set<String> METHODS =
            java.util.Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT", "path");

    /** One weighted scenario of a {@code forks:} list. */
    record Fork(String name, Node body, Node scenario) {
    }

    private final String name;
    private final String header;
    private final NodeTuple root;
    private final List<Fork> forks = new ArrayList<>();

    ScenarioFile(String name, String text) {
        this.name = name;
        this.header = header(text);
        Node document;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            document = new Yaml(options).compose(new StringReader(text));
        } catch (MarkedYAMLException e) {
            throw new LabException("Scenario " + name + ": YAML error at line " + (e.getProblemMark().getLine() + 1)
                    + ", column " + (e.getProblemMark().getColumn() + 1) + ": " + e.getProblem()
                    + (e.getContext() == null ? "" : " (" + e.getContext() + ")"));
        } catch (YAMLException e) {
            throw new LabException("Scenario " + name + ": YAML error: " + e.getMessage());
        }
        if (!(document instanceof MappingNode mapping) || mapping.getValue().isEmpty()) {
            throw new LabException("Scenario " + name + " is empty or not a mapping: a scenario file holds a"
                    + " `scenario:` (Hyperfoil's) or a `forks:` list of weighted scenarios");
        }
        NodeTuple found = null;
        for (NodeTuple tuple : mapping.getValue()) {
            String key = key(tuple);
            if (!SCENARIO.equals(key) && !FORKS.equals(key)) {
                throw new LabException("Scenario " + name + ", line " + line(tuple.getKeyNode()) + ": unexpected key '"
                        + key + "': a scenario file holds `scenario:` or `forks:` only (the lab writes the phases,"
                        + " http and ergonomics)");
            }
            if (found != null) {
                throw new LabException("Scenario " + name + ": `scenario:` and `forks:` exclude each other");
            }
            found = tuple;
        }
        this.root = found;
        if (FORKS.equals(key(root))) {
            readForks(root.getValueNode());
        }
    }

    private void readForks(Node value) {
        List<NodeTuple> entries = new ArrayList<>();
        if (value instanceof SequenceNode sequence) {
            for (Node item : sequence.getValue()) {
                if (!(item instanceof MappingNode m) || m.getValue().size() != 1) {
                    throw new LabException("Scenario " + name + ", line " + line(item) + ": each item of `forks:` is"
                            + " `- <name>: {weight: .., scenario: ..}`");
                }
                entries.add(m.getValue().getFirst());
            }
        } else if (value instanceof MappingNode mapping) {
            entries.addAll(mapping.getValue());
        } else {
            throw new LabException("Scenario " + name + ", line " + line(value) + ": `forks:` is a list of"
                    + " `- <name>: {weight: .., scenario: ..}`");
        }
        if (entries.isEmpty()) {
            throw new LabException("Scenario " + name + ": `forks:` is empty");
        }
        for (NodeTuple entry : entries) {
            Node scenario = null;
            if (entry.getValueNode() instanceof MappingNode body) {
                for (NodeTuple t : body.getValue()) {
                    if (SCENARIO.equals(key(t))) {
                        scenario = t.getValueNode();
                    }
                }
            }
            if (scenario == null) {
                throw new LabException("Scenario " + name + ", line " + line(entry.getKeyNode()) + ": fork '"
                        + key(entry) + "' has no `scenario:`");
            }
            forks.add(new Fork(key(entry), entry.getValueNode(), scenario));
        }
    }

    /**
     * Every {@code httpRequest} must name one of the services with {@code endpoint:} (Hyperfoil itself finds a
     * wrong name only when the request is sent, and a missing one with an unhelpful message).
     */
    void checkEndpoints(java.util.Collection<String> services) {
        checkEndpoints(root.getValueNode(), services);
    }

    private void checkEndpoints(Node node, java.util.Collection<String> services) {
        switch (node) {
            case MappingNode m -> {
                for (NodeTuple t : m.getValue()) {
                    if ("httpRequest".equals(key(t)) && t.getValueNode() instanceof MappingNode request) {
                        NodeTuple endpoint = null;
                        for (NodeTuple r : request.getValue()) {
                            if ("endpoint".equals(key(r)) || "authority".equals(key(r))) {
                                endpoint = r;
                            }
                        }
                        if (endpoint == null) {
                            throw new LabException("Scenario " + name + ", line " + line(t.getKeyNode())
                                    + ": this httpRequest has no `endpoint:`; name one of the services " + services);
                        }
                        if ("endpoint".equals(key(endpoint)) && endpoint.getValueNode() instanceof ScalarNode s
                                && !s.getValue().contains("${") && !services.contains(s.getValue())) {
                            throw new LabException("Scenario " + name + ", line " + line(s) + ": endpoint '"
                                    + s.getValue() + "' is not one of the services " + services);
                        }
                    } else {
                        checkEndpoints(t.getValueNode(), services);
                    }
                }
            }
            case SequenceNode s -> s.getValue().forEach(n -> checkEndpoints(n, services));
            default -> {
            }
        }
    }

    /** The comment lines (and blank lines) at the top of the file. */
    String header() {
        return header;
    }

    boolean isForks() {
        return !forks.isEmpty();
    }

    List<Fork> forks() {
        return List.copyOf(forks);
    }

    /**
     * The file's top-level entry ({@code scenario: ...} or {@code forks: ...}), copied, with {@code seed}s added and
     * each request sent where {@code routes} says (service id -> route).
     */
    NodeTuple entry(long seed, java.util.Map<String, Route> routes) {
        return new NodeTuple(copy(root.getKeyNode()), routed(withSeed(copy(root.getValueNode()), seed), routes));
    }

    /** A fork's {@code scenario:} entry, copied, with {@code seed}s added and requests routed as in {@link #entry}. */
    NodeTuple forkScenario(Fork fork, long seed, java.util.Map<String, Route> routes) {
        return new NodeTuple(Nodes.scalar(SCENARIO), routed(withSeed(copy(fork.scenario()), seed), routes));
    }

    /**
     * Points each {@code httpRequest}'s {@code endpoint:} at its service's HTTP target and puts the service's path
     * prefix in front of its path. Routes that change nothing leave the file's text as it was.
     */
    private Node routed(Node node, java.util.Map<String, Route> routes) {
        switch (node) {
            case MappingNode m -> {
                for (NodeTuple t : m.getValue()) {
                    if ("httpRequest".equals(key(t)) && t.getValueNode() instanceof MappingNode request) {
                        route(request, routes);
                    } else {
                        routed(t.getValueNode(), routes);
                    }
                }
            }
            case SequenceNode s -> s.getValue().forEach(n -> routed(n, routes));
            default -> {
            }
        }
        return node;
    }

    private void route(MappingNode request, java.util.Map<String, Route> routes) {
        Route route = null;
        List<NodeTuple> tuples = new ArrayList<>(request.getValue());
        for (int i = 0; i < tuples.size(); i++) {
            NodeTuple t = tuples.get(i);
            if ("endpoint".equals(key(t)) && t.getValueNode() instanceof ScalarNode s) {
                route = routes.get(s.getValue());
                if (route == null) {
                    if (routes.values().stream().anyMatch(r -> !r.prefix().isEmpty())) {
                        throw new LabException("Scenario " + name + ", line " + line(s) + ": endpoint '"
                                + s.getValue() + "' cannot be sent through a path prefix (a gateway): name a service");
                    }
                    return;
                }
                tuples.set(i, new NodeTuple(t.getKeyNode(), Nodes.scalar(route.target())));
            }
        }
        if (route == null || route.prefix().isEmpty()) {
            request.setValue(tuples);
            return;
        }
        for (int i = 0; i < tuples.size(); i++) {
            NodeTuple t = tuples.get(i);
            if (!METHODS.contains(key(t))) {
                continue;
            }
            Node path = t.getValueNode();
            if (path instanceof ScalarNode s) {
                tuples.set(i, new NodeTuple(t.getKeyNode(), prefixed(s, route.prefix())));
            } else if (path instanceof MappingNode m && m.getValue().size() == 1
                    && ("pattern".equals(key(m.getValue().getFirst())) || "value".equals(key(m.getValue().getFirst())))
                    && m.getValue().getFirst().getValueNode() instanceof ScalarNode s) {
                m.setValue(List.of(new NodeTuple(m.getValue().getFirst().getKeyNode(), prefixed(s, route.prefix()))));
            } else {
                throw new LabException("Scenario " + name + ", line " + line(path) + ": this request's path cannot"
                        + " be given the prefix " + route.prefix() + " (a gateway's): write it as a string or"
                        + " {pattern: ...}");
            }
        }
        request.setValue(tuples);
    }

    private ScalarNode prefixed(ScalarNode path, String prefix) {
        if (!path.getValue().startsWith("/")) {
            throw new LabException("Scenario " + name + ", line " + line(path) + ": path '" + path.getValue()
                    + "' must start with / to be sent through the prefix " + prefix);
        }
        return new ScalarNode(path.getTag(), prefix + path.getValue(), path.getStartMark(), path.getEndMark(),
                path.getScalarStyle());
    }

    private static String header(String text) {
        StringBuilder header = new StringBuilder();
        for (String line : text.split("\r?\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.startsWith("#")) {
                header.append(trimmed).append('\n');
            } else if (!trimmed.isEmpty()) {
                break;
            }
        }
        return header.toString();
    }

    static String key(NodeTuple tuple) {
        return tuple.getKeyNode() instanceof ScalarNode s ? s.getValue() : null;
    }

    private static int line(Node node) {
        return node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
    }

    /** A deep copy: a node used twice would be written as a YAML anchor and alias, which Hyperfoil reads only in places. */
    static Node copy(Node node) {
        return switch (node) {
            case ScalarNode s -> new ScalarNode(s.getTag(), s.getValue(), s.getStartMark(), s.getEndMark(),
                    s.getScalarStyle());
            case SequenceNode s -> new SequenceNode(s.getTag(), s.getValue().stream().map(ScenarioFile::copy).toList(),
                    s.getFlowStyle());
            case MappingNode m -> new MappingNode(m.getTag(), new ArrayList<>(m.getValue().stream()
                    .map(t -> new NodeTuple(copy(t.getKeyNode()), copy(t.getValueNode()))).toList()),
                    m.getFlowStyle());
            default -> throw new LabException("Unsupported YAML node " + node);
        };
    }

    /** Adds {@code seed: <seed>} to every {@code csvRow} with {@code pick: random} that has no seed. */
    private static Node withSeed(Node node, long seed) {
        switch (node) {
            case MappingNode m -> {
                for (NodeTuple t : m.getValue()) {
                    if ("csvRow".equals(key(t)) && t.getValueNode() instanceof MappingNode step
                            && step.getValue().stream().noneMatch(s -> "seed".equals(key(s)))
                            && step.getValue().stream().anyMatch(s -> "pick".equals(key(s))
                            && s.getValueNode() instanceof ScalarNode v && "random".equalsIgnoreCase(v.getValue()))) {
                        List<NodeTuple> tuples = new ArrayList<>(step.getValue());
                        tuples.add(new NodeTuple(Nodes.scalar("seed"), Nodes.scalar(Tag.INT, Long.toString(seed))));
                        step.setValue(tuples);
                    } else {
                        withSeed(t.getValueNode(), seed);
                    }
                }
            }
            case SequenceNode s -> s.getValue().forEach(n -> withSeed(n, seed));
            default -> {
            }
        }
        return node;
    }

    /** Builds and writes YAML nodes. */
    static final class Nodes {
        private Nodes() {
        }

        static ScalarNode scalar(String value) {
            return scalar(Tag.STR, value);
        }

        static ScalarNode scalar(Tag tag, String value) {
            return new ScalarNode(tag, value, null, null, DumperOptions.ScalarStyle.PLAIN);
        }

        static ScalarNode number(long value) {
            return scalar(Tag.INT, Long.toString(value));
        }

        static ScalarNode bool(boolean value) {
            return scalar(Tag.BOOL, Boolean.toString(value));
        }

        static NodeTuple entry(String key, Node value) {
            return new NodeTuple(scalar(key), value);
        }

        static MappingNode map(List<NodeTuple> entries) {
            return new MappingNode(Tag.MAP, new ArrayList<>(entries), DumperOptions.FlowStyle.BLOCK);
        }

        static SequenceNode list(List<Node> items) {
            return new SequenceNode(Tag.SEQ, new ArrayList<>(items), DumperOptions.FlowStyle.BLOCK);
        }

        static String write(Node node) {
            DumperOptions options = new DumperOptions();
            options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
            options.setIndent(2);
            options.setIndicatorIndent(0);
            options.setWidth(Integer.MAX_VALUE);
            options.setSplitLines(false);
            java.io.StringWriter out = new java.io.StringWriter();
            new Yaml(options).serialize(node, out);
            return out.toString();
        }
    }
}
