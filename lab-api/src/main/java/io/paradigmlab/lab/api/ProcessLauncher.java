package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * How an application's deployment starts its service JVMs and its call counters: handed to it in the
 * {@link LaunchRequest#launcher()}. Everything that changes how a JVM is started, for every application alike, is
 * inside it and not the application's business: the JDK AOT cache the JVM starts from, CPU pinning, running the
 * command on another host, profiling agents. A deployment only builds the plain {@code java ...} command.
 */
public interface ProcessLauncher {

    /**
     * JVM flags of every service JVM, whatever the application and variant (docs/adr/0004-equal-settings.md). A
     * fixed heap ceiling keeps memory comparable; G1 is the JDK default, named so a JDK change cannot switch it
     * silently.
     */
    List<String> DEFAULT_JVM_ARGS = List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");

    /**
     * JVM flags of the service JVMs the behaviour suites start: {@link #DEFAULT_JVM_ARGS} with the JIT stopped at C1
     * ({@code -XX:TieredStopAtLevel=1}). A suite checks answers, never speed, and its JVMs live for seconds to
     * minutes: C2 compiling code that will not run long is CPU the suites, on a 2-core CI machine, cannot spare (a
     * Spring Boot service starts with about 40 % less CPU). Never for a measurement: campaigns use the defaults.
     */
    List<String> SUITE_JVM_ARGS = Stream.concat(DEFAULT_JVM_ARGS.stream(), Stream.of("-XX:TieredStopAtLevel=1"))
            .toList();

    /**
     * Starts {@code command} (its first element the {@code java} executable, as this launcher changes it), then
     * waits until {@code baseUrl + /actuator/health} answers 200.
     *
     * @param name    the JVM's name, e.g. {@code gateway} or {@code inventory-2}
     * @param log     the file its output goes to
     * @param baseUrl where it will answer
     * @throws LabException when the process dies or is not healthy within {@code timeout}; the log's tail is quoted
     */
    LaunchedService start(String name, List<String> command, Path log, String baseUrl, Duration timeout);

    /**
     * Starts a {@link CallCounter} on a free loopback port, forwarding to {@code targetBaseUrl}.
     *
     * @param target the name its counts are reported under, e.g. {@code tweet}
     */
    CallCounter countCalls(String target, String targetBaseUrl);
}
