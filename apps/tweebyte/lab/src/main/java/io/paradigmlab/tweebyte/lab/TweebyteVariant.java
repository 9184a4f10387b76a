package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.api.ApplicationVariant;
import java.util.Locale;

/** The paradigm variants of Tweebyte. */
public enum TweebyteVariant implements ApplicationVariant {
    ASYNC(false, "Spring MVC, CompletableFuture on sized executors, JDBC, java.net.http sendAsync"),
    VIRTUAL(false, "Spring MVC on virtual threads, blocking JDBC and RestClient"),
    REACTIVE(true, "WebFlux, Reactor, R2DBC, WebClient");

    private final boolean eventLoop;
    private final String description;

    TweebyteVariant(boolean eventLoop, String description) {
        this.eventLoop = eventLoop;
        this.description = description;
    }

    @Override
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether its services serve on Netty's event loops (the reactive variant): BlockHound applies there. */
    @Override
    public boolean eventLoop() {
        return eventLoop;
    }

    /** One line for ./lab list. */
    @Override
    public String description() {
        return description;
    }

    public static TweebyteVariant parse(String text) {
        return ApplicationVariant.parse(TweebyteVariant.class, text, "Tweebyte");
    }
}
