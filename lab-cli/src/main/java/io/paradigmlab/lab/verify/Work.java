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
