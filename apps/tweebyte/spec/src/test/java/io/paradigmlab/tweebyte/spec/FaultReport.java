package io.paradigmlab.tweebyte.spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** The measurements of the fault tests, one row per variant and fault, as CSV and as a Markdown table. */
final class FaultReport {

    /**
     * Every write acknowledged so far, looked up after a fault.
     *
     * @param missingInDatabase not in the service's database (JDBC)
     * @param missingInApi      not in the service's answers
     * @param lost              distinct writes missing in either
     */
    record LedgerCheck(int checked, List<Object> missingInDatabase, List<Object> missingInApi, int lost) {
    }

    /**
     * @param faultWindowMs        from the start of the injection to the component answering again
     * @param latencyBefore        median/p99/max request time (ms) before the fault; also during and after
     * @param requestsDuring       requests in flight at the injection or started before the component was back
     * @param okDuring             of those, answered 2xx
     * @param errorsDuring         the others, by status or failure ({@code refused}, {@code timeout}, {@code io})
     * @param errorsBefore         failures before the fault (0 expected)
     * @param errorsAfter          failures of requests started after the component was back, by status or failure
     * @param lastErrorAfterMs     from the component being back to the end of the last failed request (0: none)
     * @param timeouts             requests without an answer within {@link TimedClient#TIMEOUT}, in every phase
     * @param maxErrorLatencyMs    the slowest failed request
     * @param recoveryMsByKind     per kind: from back to the end of its first success after it
     * @param neverRecovered       kinds without a success after back
     * @param recoveryMsMax        the largest of {@code recoveryMsByKind}
     * @param extraRecoveryMs      the fault's own sign of recovery (cache used again, tweets enriched again); -1 never
     * @param writesDuring         writes acknowledged in the fault window
     * @param writesRun            writes acknowledged during the whole run
     */
    record Row(String variant, String fault, long faultWindowMs, String latencyBefore, String latencyDuring,
               String latencyAfter, int requestsDuring, int okDuring,
               Map<String, Integer> errorsDuring, int errorsBefore, Map<String, Integer> errorsAfter,
               long lastErrorAfterMs, int timeouts, long maxErrorLatencyMs, Map<String, Long> recoveryMsByKind,
               Set<String> neverRecovered, long recoveryMsMax, long extraRecoveryMs, int writesDuring, int writesRun,
               LedgerCheck ledger, String evidence) {

        int writesLost() {
            return ledger.lost();
        }
    }

    static final List<String> HEADER = List.of("variant", "fault", "fault_window_ms", "latency_ms_before_p50_p99_max",
            "latency_ms_during", "latency_ms_after", "requests_during", "ok_during",
            "errors_during", "errors_before", "errors_after", "last_error_after_back_ms", "timeouts",
            "max_error_latency_ms", "recovery_ms_max", "recovery_ms_by_kind", "never_recovered", "extra_recovery_ms",
            "writes_acknowledged_during", "writes_acknowledged_run", "writes_checked", "writes_lost",
            "missing_in_database", "missing_in_api", "evidence");

    private FaultReport() {
    }

    /** Writes {@code csv} and, next to it, the same rows as a Markdown table ({@code .md}). */
    static void write(Path csv, List<Row> rows) {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", HEADER));
        for (Row r : rows) {
            lines.add(String.join(",", List.of(r.variant(), r.fault(), n(r.faultWindowMs()), r.latencyBefore(),
                    r.latencyDuring(), r.latencyAfter(), n(r.requestsDuring()),
                    n(r.okDuring()), quote(map(r.errorsDuring())), n(r.errorsBefore()), quote(map(r.errorsAfter())),
                    n(r.lastErrorAfterMs()), n(r.timeouts()), n(r.maxErrorLatencyMs()), n(r.recoveryMsMax()),
                    quote(map(r.recoveryMsByKind())), quote(String.join(";", r.neverRecovered())),
                    n(r.extraRecoveryMs()), n(r.writesDuring()), n(r.writesRun()), n(r.ledger().checked()),
                    n(r.writesLost()), n(r.ledger().missingInDatabase().size()), n(r.ledger().missingInApi().size()),
                    quote(r.evidence()))));
        }
        List<String> md = new ArrayList<>();
        md.add("| variant | fault | window | ms p50/p99/max before, during, after | requests during (2xx) "
                + "| errors during | errors after back (last at) | timeouts | slowest error | recovery (max, by kind) "
                + "| writes acknowledged (during) | checked | lost | evidence |");
        md.add("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for (Row r : rows) {
            md.add("| " + String.join(" | ", List.of(r.variant(), r.fault(), secs(r.faultWindowMs()),
                    r.latencyBefore() + ", " + r.latencyDuring() + ", " + r.latencyAfter(),
                    r.requestsDuring() + " (" + r.okDuring() + ")", none(map(r.errorsDuring())),
                    none(map(r.errorsAfter())) + (r.lastErrorAfterMs() > 0 ? " (" + secs(r.lastErrorAfterMs()) + ")" : ""),
                    n(r.timeouts()), r.maxErrorLatencyMs() + " ms", r.recoveryMsMax() + " ms ("
                            + map(r.recoveryMsByKind()) + ")", r.writesRun() + " (" + r.writesDuring() + ")",
                    n(r.ledger().checked()), n(r.writesLost()), r.evidence().replace("|", "/"))) + " |");
        }
        try {
            Files.createDirectories(csv.toAbsolutePath().getParent());
            Files.write(csv, lines);
            Files.write(csv.resolveSibling(csv.getFileName().toString().replaceAll("\\.csv$", ".md")), md);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String map(Map<String, ? extends Number> map) {
        return map.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(";"));
    }

    private static String none(String text) {
        return text.isEmpty() ? "none" : text;
    }

    private static String n(long value) {
        return Long.toString(value);
    }

    private static String secs(long millis) {
        return String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
    }

    private static String quote(String text) {
        return "\"" + text.replace("\"", "\"\"") + "\"";
    }
}
