package io.paradigmlab.lab.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A deployment of one service in one JVM on one database, calling no other service (the IT store's variants, ChatApp's
 * servers): the {@link Deployment} methods follow from those four facts. Closing it stops the JVM.
 */
public abstract class OneProcessDeployment implements Deployment {

    private final String variantId;
    private final String service;
    private final LaunchedService process;
    private final Path jar;
    private final String database;

    protected OneProcessDeployment(String variantId, String service, LaunchedService process, Path jar,
                                   String database) {
        this.variantId = variantId;
        this.service = service;
        this.process = process;
        this.jar = jar;
        this.database = database;
    }

    /** The service's process (for fault tests: stop it, restart it). */
    public LaunchedService process() {
        return process;
    }

    /** The database the service uses. */
    public String database() {
        return database;
    }

    @Override
    public String variantId() {
        return variantId;
    }

    @Override
    public Map<String, String> endpoints() {
        return Map.of(service, process.baseUrl());
    }

    @Override
    public Map<String, LaunchedService> processes() {
        return Map.of(service, process);
    }

    @Override
    public Map<String, Path> jars() {
        return Map.of(service, jar);
    }

    @Override
    public Map<String, String> databases() {
        return Map.of(database, service);
    }

    /** None: the one service calls no other. */
    @Override
    public List<CallCounter> proxies() {
        return List.of();
    }

    @Override
    public void close() {
        process.close();
    }
}
