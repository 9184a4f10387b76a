package io.paradigmlab.eshop.lab;

import io.paradigmlab.lab.api.ApplicationVariant;

/**
 * The three variants of the e-shop (seed 003, spec D-11): {@code platform} and {@code virtual} run the same Spring MVC
 * code ({@code apps/eshop/mvc}) on Tomcat's platform threads or on a virtual thread per request; {@code reactive}
 * runs WebFlux with R2DBC and WebClient ({@code apps/eshop/webflux}). Each service of each variant is one runnable jar,
 * {@code apps/eshop/<id>/<service>/target/eshop-<id>-<service>-exec.jar}.
 */
public enum EshopVariant implements ApplicationVariant {
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

    @Override
    public String id() {
        return id;
    }

    /** Whether its work runs on event loops that must never block: BlockHound applies there. */
    @Override
    public boolean eventLoop() {
        return eventLoop;
    }

    @Override
    public String description() {
        return description;
    }

    public static EshopVariant parse(String text) {
        return ApplicationVariant.parse(EshopVariant.class, text, "e-shop");
    }
}
