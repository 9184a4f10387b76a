package io.paradigmlab.lab.verify;

import java.util.Map;

/**
 * What one request made the system do, beyond answering it.
 *
 * @param statements    SQL statements executed, {@code "<service>: <normalized statement>"} to calls
 * @param calls         HTTP calls between services, {@code "<target service> <METHOD> <path template>"} to calls
 * @param redisCommands Redis commands, by name, to calls
 */
public record Work(Map<String, Long> statements, Map<String, Long> calls, Map<String, Long> redisCommands) {

    public Work {
        statements = Map.copyOf(statements);
        calls = Map.copyOf(calls);
        redisCommands = Map.copyOf(redisCommands);
    }

    /**
     * This work without the items that start with one of {@code prefixes}, each matched against
     * {@code "sql <service>: <statement>"}, {@code "call <target> <METHOD> <path>"} or {@code "redis <COMMAND>"}:
     * the application's background work ({@code Application.backgroundWork}), done on its own schedule and so
     * landing in whichever request is being counted.
     */
    public Work without(java.util.List<String> prefixes) {
        if (prefixes.isEmpty()) {
            return this;
        }
        return new Work(keep("sql", statements, prefixes), keep("call", calls, prefixes),
                keep("redis", redisCommands, prefixes));
    }

    private static Map<String, Long> keep(String kind, Map<String, Long> items, java.util.List<String> prefixes) {
        Map<String, Long> kept = new java.util.TreeMap<>();
        items.forEach((item, count) -> {
            if (prefixes.stream().noneMatch(p -> (kind + " " + item).startsWith(p))) {
                kept.put(item, count);
            }
        });
        return kept;
    }

    public long statementCount() {
        return statements.values().stream().mapToLong(Long::longValue).sum();
    }

    public long callCount() {
        return calls.values().stream().mapToLong(Long::longValue).sum();
    }

    public long redisCount() {
        return redisCommands.values().stream().mapToLong(Long::longValue).sum();
    }
}
