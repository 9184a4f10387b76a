package io.paradigmlab.lab.metrics;

import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples every second, for every service process of a variant: CPU %, RSS, heap in use, live threads and GC
 * pause time; and the lab's own CPU, since the load generator runs in it. A window's {@link Resources} is then the
 * mean of the samples inside it.
 */
public final class ResourceSampler implements AutoCloseable {

    /** A service to watch: its process and its base URL. */
    public record Watched(long pid, String baseUrl) {
    }

    /** The sum over services at one instant; CPU as a rate over the last second, 100 = one core. */
    public record Sample(long epochMillis, double cpuPercent, double rssMb, double heapUsedMb, double threads,
                        double gcPauseMsPerSecond, double loaderCpuPercent, double virtualThreads) {
    }

    private final List<Watched> services;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("resource-sampler").daemon(true).factory());
    private final List<Sample> samples = new ArrayList<>();
    private double[] lastCpu;
    private double lastGc = Double.NaN;
    private double lastLoaderCpu = Double.NaN;
    private long lastMillis;

    public ResourceSampler(List<Watched> services) {
        this.services = List.copyOf(services);
    }

    public void start() {
        takeSample();
        timer.scheduleAtFixedRate(this::takeSample, 1, 1, TimeUnit.SECONDS);
    }

    private synchronized void takeSample() {
        long now = System.currentTimeMillis();
        double elapsed = lastMillis == 0 ? Double.NaN : (now - lastMillis) / 1000.0;
        double cpu = 0;
        double rss = 0;
        double heap = 0;
        double threads = 0;
        double gc = 0;
        double virtual = Double.NaN;
        double[] cpuNow = new double[services.size()];
        for (int i = 0; i < services.size(); i++) {
            Watched service = services.get(i);
            ProcessProbe.Reading process = ProcessProbe.read(service.pid());
            ActuatorProbe.Reading jvm = ActuatorProbe.read(service.baseUrl());
            cpuNow[i] = process.cpuSeconds();
            cpu += lastCpu == null ? Double.NaN : (cpuNow[i] - lastCpu[i]) / elapsed * 100;
            rss += process.rssMb();
            heap += jvm.heapUsedMb();
            threads += jvm.liveThreads();
            gc += jvm.gcPauseSeconds();
            if (!Double.isNaN(jvm.virtualThreads())) {
                virtual = Double.isNaN(virtual) ? jvm.virtualThreads() : virtual + jvm.virtualThreads();
            }
        }
        double loaderCpu = ProcessProbe.read(ProcessHandle.current().pid()).cpuSeconds();
        samples.add(new Sample(now, cpu, rss, heap, threads, (gc - lastGc) * 1000 / elapsed,
                (loaderCpu - lastLoaderCpu) / elapsed * 100, virtual));
        lastCpu = cpuNow;
        lastGc = gc;
        lastLoaderCpu = loaderCpu;
        lastMillis = now;
    }

    /** One sample, now: the state right after start-up, before any load. */
    public static Sample snapshot(List<Watched> services) {
        double rss = 0;
        double heap = 0;
        for (Watched service : services) {
            rss += ProcessProbe.read(service.pid()).rssMb();
            heap += ActuatorProbe.read(service.baseUrl()).heapUsedMb();
        }
        return new Sample(System.currentTimeMillis(), Double.NaN, rss, heap, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN);
    }

    /**
     * Means over the samples taken inside [from, to] (epoch ms); the first sample after {@code from} covers the
     * second before it, so it is skipped when it would reach back before the window.
     */
    public synchronized Resources window(long from, long to) {
        List<Sample> inside = samples.stream().filter(s -> s.epochMillis() >= from + 1000 && s.epochMillis() <= to).toList();
        return new Resources(mean(inside, Sample::cpuPercent), mean(inside, Sample::rssMb),
                mean(inside, Sample::heapUsedMb), mean(inside, Sample::threads), mean(inside, Sample::virtualThreads),
                mean(inside, Sample::gcPauseMsPerSecond));
    }

    public synchronized double loaderCpu(long from, long to) {
        return mean(samples.stream().filter(s -> s.epochMillis() >= from + 1000 && s.epochMillis() <= to).toList(),
                Sample::loaderCpuPercent);
    }

    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    private static double mean(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> metric) {
        return samples.stream().mapToDouble(metric).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
