package io.paradigmlab.tweebyte.lab.data;

import java.security.SecureRandom;
import java.util.SplittableRandom;

/** Seeded randomness: one independent stream per purpose, so each table's rows depend only on the seed. */
final class Rand {

    static final int USERS = 1;
    static final int POPULARITY = 2;
    static final int PLAN = 3;
    static final int TWEETS = 4;
    static final int HASHTAGS = 5;
    static final int FOLLOWS = 6;
    static final int REPLIES = 7;
    static final int LIKES = 8;
    static final int RETWEETS = 9;
    static final int FILES = 10;
    static final int PASSWORD = 11;
    static final int ROLES = 12;
    static final int CACHE_KEYS = 13;

    private Rand() {
    }

    static SplittableRandom stream(long seed, int purpose) {
        // SplittableRandom mixes its seed; spread the purposes far apart first
        return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + purpose * 0xC2B2AE3D27D4EB4FL + purpose);
    }

    /** The high half of a version 4 UUID. */
    static long uuidHi(SplittableRandom r) {
        return (r.nextLong() & ~0xF000L) | 0x4000L;
    }

    /** The low half of a version 4 (IETF variant) UUID. */
    static long uuidLo(SplittableRandom r) {
        return (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    }

    /** floor(median * e^(sigma * N(0,1))), at most {@code cap}: a heavy-tailed count. */
    static int logNormalCount(SplittableRandom r, double median, double sigma, int cap) {
        double v = Math.floor(median * Math.exp(sigma * r.nextGaussian()));
        return (int) Math.max(0, Math.min(cap, v));
    }

    /** The constant {@link #zipfRank} needs for {@code n} ranks: (n + 1)^0.2 - 1. */
    static double zipfSpan(int n) {
        return Math.pow(n + 1.0, 0.2) - 1;
    }

    /**
     * A rank in [0, n) drawn from a power law: rank k (0 = the most popular) has a weight of about
     * (k + 1)^-0.8, i.e. Zipf with exponent 0.8, by inverting the continuous Pareto distribution on [1, n + 1):
     * x = (1 + u * span)^5, rank = floor(x) - 1. At a million ranks the first gets about 1 % of the draws, the
     * middle one a few in ten million.
     */
    static int zipfRank(SplittableRandom r, int n, double span) {
        double y = 1 + r.nextDouble() * span;
        double y2 = y * y;
        int rank = (int) (y2 * y2 * y) - 1;
        return Math.max(0, Math.min(rank, n - 1));
    }

    /** A SecureRandom that answers from a seeded stream: for a BCrypt salt that is the same on every generation. */
    static SecureRandom seededSecureRandom(long seed) {
        SplittableRandom r = stream(seed, PASSWORD);
        return new SecureRandom() {
            @Override
            public void nextBytes(byte[] bytes) {
                r.nextBytes(bytes);
            }
        };
    }
}
