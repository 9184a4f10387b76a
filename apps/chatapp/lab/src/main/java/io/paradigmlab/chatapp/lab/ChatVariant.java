package io.paradigmlab.chatapp.lab;

import io.paradigmlab.lab.api.ApplicationVariant;

/**
 * The three variants of ChatApp (seed 004, spec section 4.2): the same Vert.x WebSocket shell, the same SQL and the
 * same domain code; they differ only in what runs after a frame arrives. Each is one runnable jar,
 * {@code apps/chatapp/<id>/target/chatapp-<id>-exec.jar}.
 */
public enum ChatVariant implements ApplicationVariant {
    PLATFORM("platform", false, "a platform thread per connection, blocking JDBC (HikariCP), palindromes on that thread"),
    VIRTUAL("virtual", false, "the same code on a virtual thread per connection"),
    RXJAVA("rxjava", true, "RxJava 3: a Flowable per connection (concatMap), the Vert.x reactive PostgreSQL client,"
            + " palindromes on Schedulers.computation()");

    private final String id;
    private final boolean eventLoop;
    private final String description;

    ChatVariant(String id, boolean eventLoop, String description) {
        this.id = id;
        this.eventLoop = eventLoop;
        this.description = description;
    }

    @Override
    public String id() {
        return id;
    }

    /** Whether its work runs on event loops and schedulers that must never block: BlockHound applies there. */
    @Override
    public boolean eventLoop() {
        return eventLoop;
    }

    @Override
    public String description() {
        return description;
    }

    /** The Maven module of the variant's runnable jar, relative to the checkout. */
    public String module() {
        return "apps/chatapp/" + id;
    }

    /** The runnable jar's file name inside the module's {@code target/}. */
    public String jarName() {
        return "chatapp-" + id + "-exec.jar";
    }

    public static ChatVariant parse(String text) {
        return ApplicationVariant.parse(ChatVariant.class, text, "ChatApp");
    }
}
