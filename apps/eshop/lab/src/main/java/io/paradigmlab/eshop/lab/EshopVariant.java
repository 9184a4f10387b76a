package io.paradigmlab.eshop.lab;

import io.paradigmlab.lab.infra.LabException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The three variants of the e-shop (seed 003, spec D-11): {@code platform} and {@code virtual} run the same Spring MVC
 * code ({@code apps/eshop/mvc}) on Tomcat's platform threads or on a virtual thread per request; {@code reactive}
 * runs WebFlux with R2DBC and WebClient ({@code apps/eshop/webflux}). Each service of each variant is one runnable jar,
 * {@code apps/eshop/<id>/<service>/target/eshop-<id>-<service>-exec.jar}.
 */
public enum EshopVariant {
    PLATFORM("platform", false, "Spring MVC on Tomcat's 200 platform threads, JDBC (HikariCP), RestClient;"
            + " fan-out on a bounded executor of CompletableFutures"),
    VIRTUAL("virtual", false, "the same Spring MVC code on a virtual thread per request; fan-out a virtual thread per"
            + " call behind a semaphore"),
    REACTIVE("reactive", true, "Spring WebFlux on Netty, R2DBC (PostgreSQL, MariaDB), WebClient; fan-out"
            + " flatMap(call, fan-out)");

    private final String id;
    private final boolean eventLoop;
    private final String description;

    EshopVariant(String id, boolean eventLoop, String description) {
        this.id = id;
        this.eventLoop = eventLoop;
        this.description = description;
    }

    public String id() {
        return id;
    }

    /** Whether its work runs on event loops that must never block: BlockHound applies there. */
    public boolean eventLoop() {
        return eventLoop;
    }

    public String description() {
        return description;
    }

    public static EshopVariant parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(v -> v.id.equals(wanted)).findFirst()
                .orElseThrow(() -> new LabException("Unknown e-shop variant '" + text + "': choose one of " + ids()));
    }

    public static String ids() {
        return Arrays.stream(values()).map(EshopVariant::id).collect(Collectors.joining(", "));
    }
}
