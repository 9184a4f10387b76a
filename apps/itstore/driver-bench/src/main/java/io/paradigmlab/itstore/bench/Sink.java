package io.paradigmlab.itstore.bench;

/** Where a query's values go, each column of each row as the driver decodes it: JMH's Blackhole, or a test's list. */
@FunctionalInterface
public interface Sink {

    /** Ignores the values (they are still decoded: the driver is asked for each one). */
    Sink NONE = value -> { };

    void value(Object value);
}
