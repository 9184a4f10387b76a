package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.infra.LabException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The paradigm variants of Tweebyte. */
public enum Variant {
    ASYNC("Spring MVC, CompletableFuture on sized executors, JDBC, java.net.http sendAsync"),
    VIRTUAL("Spring MVC on virtual threads, blocking JDBC and RestClient"),
    REACTIVE("WebFlux, Reactor, R2DBC, WebClient");

    private final String description;

    Variant(String description) {
        this.description = description;
    }

    /** One line for ./lab list. */
    public String description() {
        return description;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Variant parse(String text) {
        for (Variant v : values()) {
            if (v.id().equalsIgnoreCase(text.trim())) {
                return v;
            }
        }
        throw new LabException("Unknown variant '" + text + "': choose one of " + ids());
    }

    public static List<Variant> parseList(String commaSeparated) {
        return Arrays.stream(commaSeparated.split(",")).filter(s -> !s.isBlank()).map(Variant::parse).toList();
    }

    public static String ids() {
        return Arrays.stream(values()).map(Variant::id).collect(Collectors.joining(", "));
    }
}
