package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.tweebyte.spec.SteadyLoad.Kind;
import io.paradigmlab.tweebyte.spec.SteadyLoad.Sample;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The samples of one fault and its timeline ({@link System#nanoTime()}): the load started, the fault was injected at
 * {@code faultStart}, the component was {@code back} (started again and answering), and the load went on. A request
 * is "before" when it ended before the injection, "during" when it was in flight at the injection or started
 * before the component was back, "after" when it started after that.
 *
 * @param extraRecovery nanoseconds from {@code back} to the fault's own sign of recovery (cache used, enrichment
 *                      back), or null when it never came
 * @param acknowledged  writes acknowledged during the whole run (before, during and after)
 */
record FaultRun(String fault, List<Sample> samples, long faultStart, long back, Long extraRecovery, int acknowledged) {

    List<Sample> before() {
        return samples.stream().filter(s -> s.end() < faultStart).toList();
    }

    List<Sample> during() {
        return samples.stream().filter(s -> s.end() >= faultStart && s.start() < back).toList();
    }

    List<Sample> after() {
        return samples.stream().filter(s -> s.start() >= back).toList();
    }

    /** The kinds of request the load sent at all. */
    Set<Kind> kindsSent() {
        Set<Kind> kinds = EnumSet.noneOf(Kind.class);
        samples.forEach(s -> kinds.add(s.kind()));
        return kinds;
    }

    /**
     * Per kind, nanoseconds from {@code back} to the end of the first successful request that started after it
     * (a kind that never succeeded after it is absent).
     */
    Map<Kind, Long> recovery() {
        Map<Kind, Long> first = new EnumMap<>(Kind.class);
        for (Sample s : after()) {
            if (s.ok()) {
                first.merge(s.kind(), s.end() - back, Math::min);
            }
        }
        return first;
    }

    /** How many requests of a phase ended how, by outcome (status or failure), the 2xx left out. */
    static Map<String, Integer> errors(List<Sample> phase) {
        Map<String, Integer> counts = new TreeMap<>();
        phase.stream().filter(s -> !s.ok()).forEach(s -> counts.merge(s.outcome(), 1, Integer::sum));
        return counts;
    }

    /** Median, 99th percentile and maximum of a phase's request times, in ms ({@code 3/20/150}). */
    static String latency(List<Sample> phase) {
        long[] millis = phase.stream().mapToLong(Sample::millis).sorted().toArray();
        if (millis.length == 0) {
            return "-";
        }
        return millis[millis.length / 2] + "/" + millis[Math.min(millis.length - 1, (int) (millis.length * 0.99))]
                + "/" + millis[millis.length - 1];
    }

    /**
     * A line per phase: requests, and the failures by kind and outcome; then each request that got no answer, with
     * its start and end in ms from the injection (the component was back at {@code back}); for assertion messages.
     */
    String summary() {
        String unanswered = samples.stream().filter(s -> s.failure() != null && !"refused".equals(s.failure()))
                .map(s -> s.kind().id + " " + s.failure() + " " + (s.start() - faultStart) / 1_000_000 + ".."
                        + (s.end() - faultStart) / 1_000_000).collect(Collectors.joining(", "));
        return fault + " (back at " + (back - faultStart) / 1_000_000 + " ms): before " + line(before()) + "; during "
                + line(during()) + "; after " + line(after()) + (unanswered.isEmpty() ? "" : "; unanswered: " + unanswered);
    }

    private static String line(List<Sample> phase) {
        Map<String, Long> failures = phase.stream().filter(s -> !s.ok()).collect(Collectors.groupingBy(
                s -> s.kind().id + " " + s.outcome(), TreeMap::new, Collectors.counting()));
        return phase.size() + " requests, " + (failures.isEmpty() ? "no failure" : "failed " + failures);
    }

    FaultReport.Row row(TweebyteVariant variant, FaultReport.LedgerCheck ledger, String evidence) {
        List<Sample> during = during();
        List<Sample> after = after();
        long lastErrorAfter = after.stream().filter(s -> !s.ok()).mapToLong(s -> s.end() - back).max().orElse(0);
        long maxErrorLatency = samples.stream().filter(s -> !s.ok()).mapToLong(Sample::millis).max().orElse(0);
        Map<String, Long> recoveryMs = new TreeMap<>();
        recovery().forEach((kind, nanos) -> recoveryMs.put(kind.id, nanos / 1_000_000));
        Set<String> neverRecovered = kindsSent().stream().filter(k -> !recovery().containsKey(k)).map(k -> k.id)
                .collect(Collectors.toCollection(java.util.TreeSet::new));
        return new FaultReport.Row(variant.id(), fault, (back - faultStart) / 1_000_000, latency(before()),
                latency(during), latency(after), during.size(),
                (int) during.stream().filter(Sample::ok).count(), errors(during), errors(before()).values().stream()
                .mapToInt(Integer::intValue).sum(), errors(after), lastErrorAfter / 1_000_000,
                (int) samples.stream().filter(s -> "timeout".equals(s.failure())).count(), maxErrorLatency, recoveryMs,
                neverRecovered, recoveryMs.values().stream().mapToLong(Long::longValue).max().orElse(-1),
                extraRecovery == null ? -1 : extraRecovery / 1_000_000,
                (int) during.stream().filter(s -> s.kind().write && s.ok()).count(), acknowledged, ledger, evidence);
    }
}
