package io.paradigmlab.chatapp.rxjava;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;

/**
 * Error log of the rxjava variant: one line plus the stack trace on stderr. Deliberately not a logging framework,
 * whose appenders may lock or write files on the calling thread (an event loop); BlockHound allows writes to
 * {@code System.err}, which the server's stdout/stderr capture turns into the service log.
 */
final class ChatLog {

    private ChatLog() {
    }

    static void error(String message, Throwable e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        System.err.print(Instant.now() + " ERROR [" + Thread.currentThread().getName() + "] " + message + ": "
                + trace);
    }

    static void warn(String message) {
        System.err.println(Instant.now() + " WARN [" + Thread.currentThread().getName() + "] " + message);
    }
}
