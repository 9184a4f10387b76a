package io.paradigmlab.itstore.lab;

import io.paradigmlab.lab.api.ApplicationVariant;

/**
 * The six variants of the IT store (docs/adr/0009-itstore-variants.md): {JDBC, R2DBC} x {MVC on platform threads, MVC on
 * virtual threads, WebFlux}. Each is one Spring Boot application, {@code apps/itstore/<id>/store}.
 */
public enum ItStoreVariant implements ApplicationVariant {
    JDBC_MVC("jdbc-mvc", false, "Spring MVC on Tomcat's 200 platform threads, JDBC (HikariCP)"),
    JDBC_VIRTUAL("jdbc-virtual", false, "the same MVC code on virtual threads, JDBC (HikariCP)"),
    JDBC_WEBFLUX("jdbc-webflux", true, "WebFlux on Netty, blocking JDBC offloaded to boundedElastic"),
    R2DBC_MVC("r2dbc-mvc", false, "Spring MVC on Tomcat's 200 platform threads, R2DBC bridged (the request thread waits)"),
    R2DBC_VIRTUAL("r2dbc-virtual", false, "the same MVC code on virtual threads, R2DBC bridged"),
    R2DBC_WEBFLUX("r2dbc-webflux", true, "WebFlux on Netty, R2DBC (r2dbc-pool), end to end non-blocking");

    private final String id;
    private final boolean eventLoop;
    private final String description;

    ItStoreVariant(String id, boolean eventLoop, String description) {
        this.id = id;
        this.eventLoop = eventLoop;
        this.description = description;
    }

    @Override
    public String id() {
        return id;
    }

    /** Whether requests are served on Netty's event loops (the WebFlux variants): BlockHound applies there. */
    @Override
    public boolean eventLoop() {
        return eventLoop;
    }

    @Override
    public String description() {
        return description;
    }

    public static ItStoreVariant parse(String text) {
        return ApplicationVariant.parse(ItStoreVariant.class, text, "IT store");
    }
}
