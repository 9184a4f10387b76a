package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.lab.verify.Work;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The equal-work results of every variant side by side: per measured step, whether the variants did the same
 * work (and got the expected status), the differences in words, and the Markdown page {@code docs/equal-work.md}.
 */
final class EqualWorkTable {

    static final String COMMAND = "./mvnw -B verify -pl apps/tweebyte/spec -Dit.test=EqualWorkIT";

    /** One step across the variants. */
    record Row(EqualWorkStep step, Map<TweebyteVariant, EqualWorkRun.Result> results, List<String> problems) {

        boolean ranAnywhere() {
            return results.values().stream().anyMatch(EqualWorkRun.Result::ran);
        }

        EqualWorkRun.Result reference() {
            return results.values().stream().filter(EqualWorkRun.Result::ran).findFirst().orElseThrow();
        }
    }

    private final List<TweebyteVariant> variants;
    private final List<Row> rows = new ArrayList<>();

    private EqualWorkTable(List<TweebyteVariant> variants) {
        this.variants = variants;
    }

    /** @param results each variant's results, in script order */
    static EqualWorkTable of(List<EqualWorkStep> steps, Map<TweebyteVariant, List<EqualWorkRun.Result>> results) {
        EqualWorkTable table = new EqualWorkTable(List.copyOf(results.keySet()));
        for (int i = 0; i < steps.size(); i++) {
            Map<TweebyteVariant, EqualWorkRun.Result> byVariant = new LinkedHashMap<>();
            for (var entry : results.entrySet()) {
                byVariant.put(entry.getKey(), entry.getValue().get(i));
            }
            table.rows.add(new Row(steps.get(i), byVariant, problems(steps.get(i), byVariant)));
        }
        return table;
    }

    private static List<String> problems(EqualWorkStep step, Map<TweebyteVariant, EqualWorkRun.Result> results) {
        List<String> problems = new ArrayList<>();
        for (var entry : results.entrySet()) {
            EqualWorkRun.Result r = entry.getValue();
            if (!r.ran() && !EqualWorkRun.missingModule(r.skipped())) {
                problems.add(entry.getKey().id() + " did not send it: " + r.skipped());
            } else if (r.ran() && r.status() != step.expected()) {
                problems.add(entry.getKey().id() + " answered " + r.status() + " instead of " + step.expected() + ": "
                        + abbreviate(r.body()));
            }
        }
        if (!step.measured()) {
            return problems;
        }
        List<TweebyteVariant> ran = results.entrySet().stream().filter(e -> e.getValue().ran()).map(Map.Entry::getKey).toList();
        // a variant that lacks the service's module is shown as "not built", never counted as equal; the work is
        // still compared among the others, and a request proves nothing unless at least two variants ran it
        if (ran.size() < 2) {
            problems.add("sent on " + (ran.isEmpty() ? "no variant" : ids(ran)) + " only: nothing to compare");
        }
        if (ran.size() > 1) {
            compare(problems, results, ran, "status", r -> Map.of("status " + r.status(), 1L));
            compare(problems, results, ran, "SQL", r -> r.work().statements());
            compare(problems, results, ran, "call", r -> r.work().calls());
            compare(problems, results, ran, "Redis", r -> r.work().redisCommands());
        }
        return problems;
    }

    private static void compare(List<String> problems, Map<TweebyteVariant, EqualWorkRun.Result> results, List<TweebyteVariant> ran,
                                String what, Function<EqualWorkRun.Result, Map<String, Long>> counts) {
        TreeSet<String> keys = new TreeSet<>();
        ran.forEach(v -> keys.addAll(counts.apply(results.get(v)).keySet()));
        for (String key : keys) {
            Map<TweebyteVariant, Long> perVariant = new LinkedHashMap<>();
            ran.forEach(v -> perVariant.put(v, counts.apply(results.get(v)).getOrDefault(key, 0L)));
            if (perVariant.values().stream().distinct().count() > 1) {
                StringBuilder line = new StringBuilder(what).append(" differs: ").append(key).append(" —");
                perVariant.forEach((v, n) -> line.append(' ').append(v.id()).append(' ').append(n).append('×'));
                problems.add(line.toString());
            }
        }
    }

    List<Row> rows() {
        return rows;
    }

    /** Every problem, as lines naming the step. */
    List<String> failures() {
        List<String> out = new ArrayList<>();
        for (Row row : rows) {
            for (String problem : row.problems()) {
                out.add((row.step().measured() ? "" : "set-up ") + row.step().name() + ": " + problem);
            }
        }
        return out;
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("# Equal work, measured\n\n");
        md.append("<!-- Generated by EqualWorkIT (apps/tweebyte/spec); do not edit by hand. -->\n");
        md.append("Generated by `EqualWorkIT` (`apps/tweebyte/spec`), not by hand: regenerate with\n`")
                .append(COMMAND).append("`.\n\n");
        md.append("""
                Each variant runs the same script of requests (`EqualWorkScript`: every endpoint of the contract, some in
                several cases) on its own fresh databases, with its three services started by the lab and a counting proxy
                in front of each. For each measured request the counters are reset, the request is sent, and once the
                counts have settled the work is read: SQL statements from PostgreSQL's `pg_stat_statements` (per database
                and normalized statement text), calls between services from the proxies (target service, method and path
                template), Redis commands from `INFO commandstats`. A cell reads *SQL statements / calls / Redis commands*;
                the row is **equal** when every variant got the same status and ran the same statements, calls and
                commands the same number of times (not only the same totals). See "Equal work, measured" in
                `docs/architecture.md` for what is left out of the counts (transaction control, session set-up, drivers'
                catalog look-ups, Redis connection commands).

                """);
        md.append("| endpoint | status |");
        variants.forEach(v -> md.append(' ').append(v.id()).append(" |"));
        md.append(" equal |\n| --- | --- |");
        variants.forEach(v -> md.append(" ---: |"));
        md.append(" --- |\n");
        long equal = 0;
        long measured = 0;
        for (Row row : rows) {
            if (!row.step().measured()) {
                continue;
            }
            measured++;
            md.append("| `").append(row.step().label()).append('`');
            if (row.step().note() != null) {
                md.append(" (").append(row.step().note()).append(')');
            }
            md.append(" | ").append(row.ranAnywhere() ? Integer.toString(row.reference().status()) : "–").append(" |");
            for (TweebyteVariant v : variants) {
                EqualWorkRun.Result r = row.results().get(v);
                md.append(' ').append(r.ran() ? cell(r.work())
                        : EqualWorkRun.missingModule(r.skipped()) ? "not built" : "not run").append(" |");
            }
            boolean ok = row.problems().isEmpty() && row.ranAnywhere();
            if (ok) {
                equal++;
            }
            md.append(' ').append(ok ? "yes" : row.ranAnywhere() ? "**NO**" : "not run").append(" |\n");
        }
        md.append("\n").append(equal).append(" of ").append(measured).append(" measured requests equal across ")
                .append(ids(variants)).append(".\n");
        List<String> notBuilt = variants.stream().filter(v -> rows.stream().anyMatch(row -> row.step().measured()
                && !row.results().get(v).ran() && EqualWorkRun.missingModule(row.results().get(v).skipped())))
                .map(TweebyteVariant::id).toList();
        if (!notBuilt.isEmpty()) {
            md.append("\n**Incomplete:** ").append(String.join(", ", notBuilt)).append(" lacks a service module, so the")
                    .append(" requests marked *not built* were compared among the other variants only; \"yes\" on")
                    .append(" such a row says nothing about the variant that did not run it.\n");
        }
        List<String> failures = failures();
        if (!failures.isEmpty()) {
            md.append("\n## Differences\n\n");
            failures.forEach(f -> md.append("- ").append(f.replace("|", "\\|")).append('\n'));
        }
        md.append("\n## The work of each request\n\nAs measured on the first variant that ran it (the others did the same"
                + " unless listed under Differences).\n");
        for (Row row : rows) {
            if (!row.step().measured() || !row.ranAnywhere()) {
                continue;
            }
            Work work = row.reference().work();
            md.append("\n### ").append(row.step().name()).append("\n\n");
            if (work.statementCount() + work.callCount() + work.redisCount() == 0) {
                md.append("No statement, call or Redis command.\n");
                continue;
            }
            work.statements().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> md.append("- SQL ").append(times(e.getValue())).append(" ").append(code(e.getKey())).append('\n'));
            work.calls().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> md.append("- call ").append(times(e.getValue())).append(" ").append(code(e.getKey())).append('\n'));
            work.redisCommands().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> md.append("- Redis ").append(times(e.getValue())).append(" ").append(code(e.getKey())).append('\n'));
        }
        return md.toString();
    }

    private static String cell(Work work) {
        return work.statementCount() + " / " + work.callCount() + " / " + work.redisCount();
    }

    private static String times(long n) {
        return n + "×";
    }

    private static String code(String text) {
        return "`" + text.replace("`", "'").replace("|", "\\|") + "`";
    }

    private static String ids(List<TweebyteVariant> variants) {
        return String.join(", ", variants.stream().map(TweebyteVariant::id).toList());
    }

    private static String abbreviate(String body) {
        if (body == null) {
            return "";
        }
        String flat = body.replaceAll("\\s+", " ");
        return flat.length() > 200 ? flat.substring(0, 200) + "…" : flat;
    }
}
