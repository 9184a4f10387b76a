package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.load.PhaseOutcome;
import io.paradigmlab.lab.load.ScenarioLoad;
import io.paradigmlab.lab.results.Verification;
import io.paradigmlab.lab.verify.CountingProxy;
import io.paradigmlab.lab.verify.Work;
import io.paradigmlab.lab.verify.WorkMeter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The check before a campaign measures anything (docs/methodology.md, "Verify before measuring"): every
 * variant serves the scenario's first iterations, one request at a time, through a recording proxy in front
 * of each service the scenario calls. For each client request the answer is recorded (status and body, normalized)
 * and, for the variants the lab launched, the work it caused (SQL statements, calls between services, Redis
 * commands; the same counters as EqualWorkIT). Variants pass when they answered the same and did the same
 * work, request by request.
 */
final class Verifier {

    /** Iterations of the scenario the check sends: enough to see a cache miss followed by hits. */
    static final int ITERATIONS = 3;

    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern TIMESTAMP = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:?\\d{2})?");
    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");

    /** One client request as one variant answered it. */
    record Observed(String request, String service, int status, String body, Work work) {
    }

    private Verifier() {
    }

    /**
     * Sends the scenario's first iterations to one variant and records what happened.
     *
     * @param deployment the launched variant (started with call counting), or null for an external target, whose
     *                   work cannot be counted
     */
    static List<Observed> observe(String name, String scenarioText, Map<String, String> endpoints, Path dataDir,
                                  Deployment deployment, Infrastructure infra, int timeoutMillis, long seed) {
        List<Observed> observed = java.util.Collections.synchronizedList(new ArrayList<>());
        List<CountingProxy> proxies = new ArrayList<>();
        WorkMeter meter = deployment == null ? null : new WorkMeter(infra, deployment);
        try {
            Map<String, String> proxied = new LinkedHashMap<>();
            for (var endpoint : endpoints.entrySet()) {
                String service = endpoint.getKey();
                CountingProxy proxy = CountingProxy.start(service, endpoint.getValue(), new CountingProxy.Listener() {
                    @Override
                    public void before(String method, String template) {
                        if (meter != null) {
                            meter.reset();
                        }
                    }

                    @Override
                    public void after(String method, String template, int status, byte[] body) {
                        Work work = meter == null ? null : meter.settle();
                        observed.add(new Observed(method + " " + template, service, status,
                                normalize(new String(body, StandardCharsets.UTF_8)), work));
                    }
                });
                proxies.add(proxy);
                proxied.put(service, proxy.url());
            }
            PhaseOutcome outcome = ScenarioLoad.once(name, scenarioText, new ScenarioLoad.Target(proxied, dataDir),
                    ITERATIONS, timeoutMillis, seed);
            if (outcome.requests() == 0) {
                observed.add(new Observed("(no request was sent)", "", 0, "", null));
            }
            return List.copyOf(observed);
        } finally {
            proxies.forEach(CountingProxy::close);
            if (meter != null) {
                meter.close();
            }
        }
    }

    /**
     * Compares what each variant did. The first variant is the reference; a launched variant's work
     * is compared with the first launched variant's.
     */
    static Verification compare(Map<String, List<Observed>> byImplementation, java.util.Set<String> targets) {
        return compare(byImplementation, targets, List.of());
    }

    /**
     * {@link #compare(Map, java.util.Set)}, leaving out of every request's work the items that start with one of
     * {@code background} ({@code Application.backgroundWork}): work a service does on its own schedule (a job
     * worker polling its queue), which lands in whichever request is being counted. A note names them.
     */
    static Verification compare(Map<String, List<Observed>> byImplementation, java.util.Set<String> targets,
                                List<String> background) {
        if (!background.isEmpty()) {
            Map<String, List<Observed>> filtered = new LinkedHashMap<>();
            byImplementation.forEach((impl, list) -> filtered.put(impl, list.stream().map(o -> new Observed(
                    o.request(), o.service(), o.status(), o.body(), withoutBackground(o.work(), background)))
                    .toList()));
            Verification v = compareAll(filtered, targets);
            List<String> notes = new ArrayList<>(v.notes());
            notes.add("Not counted as any request's work (the application's background work, done on its own"
                    + " schedule): " + String.join("; ", background));
            return new Verification(v.passed(), v.requests(), v.differences(), notes);
        }
        return compareAll(byImplementation, targets);
    }

    private static Work withoutBackground(Work work, List<String> background) {
        return work == null ? null : work.without(background);
    }

    private static Verification compareAll(Map<String, List<Observed>> byImplementation,
                                           java.util.Set<String> targets) {
        List<String> differences = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        String reference = byImplementation.keySet().iterator().next();
        List<Observed> first = byImplementation.get(reference);
        String workReference = byImplementation.keySet().stream().filter(i -> !targets.contains(i)).findFirst()
                .orElse(null);
        for (var entry : byImplementation.entrySet()) {
            String impl = entry.getKey();
            List<Observed> mine = entry.getValue();
            if (mine.size() != first.size()) {
                differences.add(impl + " answered " + mine.size() + " requests where " + reference + " answered "
                        + first.size());
                continue;
            }
            for (int i = 0; i < mine.size(); i++) {
                Observed a = first.get(i);
                Observed b = mine.get(i);
                String label = "request " + (i + 1) + " (" + a.request() + ")";
                if (!a.request().equals(b.request())) {
                    differences.add(label + ": " + impl + " was sent " + b.request());
                } else if (a.status() != b.status()) {
                    differences.add(label + ": status " + a.status() + " on " + reference + ", " + b.status() + " on "
                            + impl);
                } else if (!a.body().equals(b.body())) {
                    differences.add(label + ": answers differ between " + reference + " and " + impl + ": "
                            + abbreviate(a.body()) + " vs " + abbreviate(b.body()));
                }
            }
            if (targets.contains(impl)) {
                notes.add(impl + " is an external target: its answers were compared, its SQL statements, calls"
                        + " between services and Redis commands could not be counted");
            } else if (workReference != null && !impl.equals(workReference)) {
                List<Observed> ref = byImplementation.get(workReference);
                for (int i = 0; i < Math.min(ref.size(), mine.size()); i++) {
                    for (String d : workDifferences(ref.get(i).work(), mine.get(i).work())) {
                        differences.add("request " + (i + 1) + " (" + ref.get(i).request() + "): " + d + " on "
                                + workReference + " vs " + impl);
                    }
                }
            }
        }
        for (var entry : byImplementation.entrySet()) {
            for (Observed o : entry.getValue()) {
                if (o.status() >= 500 || o.status() == 0) {
                    differences.add(entry.getKey() + " answered " + o.status() + " to " + o.request());
                }
            }
        }
        List<Verification.Request> requests = new ArrayList<>();
        List<Observed> described = workReference == null ? first : byImplementation.get(workReference);
        for (Observed o : described) {
            requests.add(new Verification.Request(o.request(), o.service(), o.status(), workMap(o.work())));
        }
        return new Verification(differences.isEmpty(), requests, differences, notes);
    }

    static Map<String, Long> workMap(Work work) {
        Map<String, Long> map = new TreeMap<>();
        if (work == null) {
            return map;
        }
        work.statements().forEach((k, v) -> map.put("sql " + k, v));
        work.calls().forEach((k, v) -> map.put("call " + k, v));
        work.redisCommands().forEach((k, v) -> map.put("redis " + k, v));
        return map;
    }

    private static List<String> workDifferences(Work a, Work b) {
        Map<String, Long> left = workMap(a);
        Map<String, Long> right = workMap(b);
        List<String> out = new ArrayList<>();
        for (String key : new TreeSet<>(union(left, right))) {
            long x = left.getOrDefault(key, 0L);
            long y = right.getOrDefault(key, 0L);
            if (x != y) {
                out.add(key + " " + x + "× vs " + y + "×");
            }
        }
        return out;
    }

    private static java.util.Set<String> union(Map<String, Long> a, Map<String, Long> b) {
        java.util.Set<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }

    /**
     * Ids become {@code <id1>}, {@code <id2>}... in order of first appearance, timestamps {@code <time>} and tokens
     * {@code <token>}: what legitimately differs between two variants serving the same data.
     */
    static String normalize(String body) {
        String text = JWT.matcher(body).replaceAll("<token>");
        text = TIMESTAMP.matcher(text).replaceAll("<time>");
        Map<String, String> ids = new HashMap<>();
        Matcher m = UUID.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String id = m.group().toLowerCase(java.util.Locale.ROOT);
            m.appendReplacement(out, Objects.requireNonNull(ids.computeIfAbsent(id, k -> "<id" + (ids.size() + 1) + ">")));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String abbreviate(String text) {
        return text.length() <= 160 ? text : text.substring(0, 157) + "...";
    }
}
