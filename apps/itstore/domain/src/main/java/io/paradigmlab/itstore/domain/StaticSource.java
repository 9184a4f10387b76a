package io.paradigmlab.itstore.domain;

import java.util.List;

/**
 * The answer of {@code /itStore/test_controller_only}, the no-database endpoint (spec 1.3 W): a fixed JSON array of
 * eight strings, under 1 KB, as the original's 8-name list bean. Every web variant returns this very list, written as
 * a JSON array (not as concatenated text, spec A.7 #4), so the test measures the web layer alone.
 */
public final class StaticSource {

    /** Eight names, 135 bytes as a JSON array. */
    public static final List<String> NAMES = List.of(
            "Alexandru Popescu", "Bianca Ionescu", "Cristian Dumitru", "Daria Stan",
            "Emil Gheorghe", "Florina Munteanu", "George Stoica", "Ioana Matei");

    private StaticSource() {
    }
}
