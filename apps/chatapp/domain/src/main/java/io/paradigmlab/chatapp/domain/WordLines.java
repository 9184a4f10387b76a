package io.paradigmlab.chatapp.domain;

import java.util.SplittableRandom;

/**
 * The seeded text of the CPU workload (spec W7, 2.3): {@code words} random words of lower-case a..z, each of a length
 * uniform on 1..50, separated by single spaces. The line is a pure function of (seed, index, words), so the data
 * generator, the load driver and the tests agree on every line and its palindrome count without sharing state.
 */
public final class WordLines {

    /** Word length bounds (inclusive); they set the palindrome density (26^-floor(L/2)). */
    public static final int MIN_WORD = 1;
    public static final int MAX_WORD = 50;
    /** Words per seeded {@code cpu_line} (about 26.5 KB per line). */
    public static final int DEFAULT_WORDS = 1_000;

    private WordLines() {
    }

    /** Line {@code index} of the seed {@code seed}; {@code words} must be at least 1. */
    public static String line(long seed, int index, int words) {
        if (words < 1) {
            throw new IllegalArgumentException("words must be >= 1: " + words);
        }
        SplittableRandom random = new SplittableRandom(mix(seed, index));
        StringBuilder line = new StringBuilder(words * (MAX_WORD + MIN_WORD + 2) / 2);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                line.append(' ');
            }
            int length = random.nextInt(MIN_WORD, MAX_WORD + 1);
            for (int i = 0; i < length; i++) {
                line.append((char) ('a' + random.nextInt(26)));
            }
        }
        return line.toString();
    }

    /** SplitMix64's finalizer over (seed, index): neighbouring indexes get unrelated streams. */
    private static long mix(long seed, int index) {
        long z = seed + 0x9E3779B97F4A7C15L * (index + 1L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
