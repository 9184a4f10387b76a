package io.paradigmlab.tweebyte.async.user;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tweebyte.async.*}: the executors of the async variant. Both change what a measurement sees.
 *
 * @param dbThreads  threads that run blocking JDBC work; 0 means "the connection pool's size"
 *                   ({@code tweebyte.db.pool-size}), since more threads would only wait for a connection
 * @param cpuThreads threads that run BCrypt and token signing; 0 means "available processors", the size of
 *                   the reactive variant's CPU scheduler
 */
@ConfigurationProperties("tweebyte.async")
public record AsyncProperties(int dbThreads, int cpuThreads) {
}
