package io.paradigmlab.tweebyte.lab.data;

import java.util.SplittableRandom;

/** Names and text: plain ASCII words, so every value goes into COPY unescaped. */
final class Texts {

    static final String[] FIRST = {"ada", "alan", "grace", "linus", "barbara", "ken", "dennis", "margaret",
            "edsger", "donald", "frances", "john", "radia", "tim", "guido", "james", "anita", "bjarne", "niklaus",
            "leslie", "shafi", "silvio", "tony", "robin", "judea", "ivan", "butler", "fran", "whitfield", "martin"};
    static final String[] LAST = {"lovelace", "turing", "hopper", "torvalds", "liskov", "thompson", "ritchie",
            "hamilton", "dijkstra", "knuth", "allen", "backus", "perlman", "lee", "rossum", "gosling", "borg",
            "stroustrup", "wirth", "lamport", "goldwasser", "micali", "hoare", "milner", "pearl", "sutherland",
            "lampson", "diffie", "hellman", "fowler"};
    private static final String[] WORDS = {"writes", "about", "concurrency", "distributed", "systems", "coffee",
            "java", "threads", "reactive", "streams", "databases", "latency", "and", "the", "of", "loves", "hiking",
            "music", "open", "source", "cats", "queues", "backpressure", "virtual", "loops", "events", "builds",
            "tests", "today", "a", "new", "release", "is", "out", "with", "faster", "startup", "we", "shipped",
            "fixed", "bug", "in", "production", "again", "why", "does", "this", "take", "so", "long", "great",
            "talk", "on", "memory", "heap", "garbage", "collector", "pauses", "benchmark", "results", "look",
            "interesting", "throughput", "versus", "tail", "percentiles", "under", "load", "morning", "run",
            "weekend", "reading", "paper", "scheduling", "kernel", "network", "sockets", "blocking", "calls",
            "futures", "callbacks", "monads", "types", "compiler", "profiler", "flame", "graph", "cache", "misses"};
    private static final String[] TAGS = {"java", "jvm", "reactive", "loom", "virtualthreads", "spring", "webflux",
            "postgres", "redis", "kafka", "microservices", "devops", "cloud", "k8s", "docker", "linux", "rust",
            "golang", "kotlin", "scala", "performance", "latency", "benchmark", "testing", "tdd", "ddd", "api",
            "http", "grpc", "graphql", "sql", "nosql", "security", "jwt", "oauth", "ai", "ml", "data", "opensource",
            "coding", "programming", "devlife", "music", "coffee", "travel", "hiking", "books", "cats", "dogs",
            "football", "news", "weekend", "monday", "friday", "tips", "release", "bug", "conference", "meetup"};

    private Texts() {
    }

    /** {@code first_last_<i>}: unique by {@code i}, lower case, a valid and mentionable user name. */
    static String userName(int first, int last, int i) {
        return FIRST[first] + "_" + LAST[last] + "_" + i;
    }

    /** The {@code i}-th hashtag text of the vocabulary: lower case, distinct for distinct {@code i}. */
    static String hashtag(int i) {
        int round = i / TAGS.length;
        return TAGS[i % TAGS.length] + (round == 0 ? "" : Integer.toString(round));
    }

    static String word(SplittableRandom r) {
        return WORDS[r.nextInt(WORDS.length)];
    }

    /** {@code words} random words, space separated, ending with a full stop. */
    static String sentence(SplittableRandom r, int words) {
        StringBuilder s = new StringBuilder();
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                s.append(' ');
            }
            s.append(word(r));
        }
        return s.append('.').toString();
    }
}
