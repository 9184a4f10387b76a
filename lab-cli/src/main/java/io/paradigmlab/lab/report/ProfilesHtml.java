package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.report.HtmlReport.esc;

import io.paradigmlab.lab.results.Profiles;
import java.util.List;

/**
 * The report's "Profiles" section ({@code --profile}): per variant and service JVM, links to the interactive flame
 * graph and the recordings, the top frames by self time, GC and allocation, lock contention and pinned virtual threads.
 */
final class ProfilesHtml {

    private ProfilesHtml() {
    }

    static String render(Profiles profiles, String levelUnit) {
        if (profiles == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        out.append("<h2 id=\"profiles\">Profiles</h2>\n");
        out.append("<p class=\"method\"><b>Not measurements.</b> After the measured repetitions each variant ran once"
                + " more, on fresh JVMs and a fresh copy of the data, with the usual warm-up and then only <b>")
                .append(profiles.level()).append(' ').append(esc(levelUnit)).append("</b> (")
                .append(esc(profiles.levelChoice())).append("), with a JDK Flight Recording and async-profiler in"
                        + " every service JVM. Profilers cost CPU, so these runs explain where each variant spends its"
                        + " time; none of their numbers is in the tables above. CPU profiler: ")
                .append(esc(profiles.profiler())).append(".</p>\n");
        for (Profiles.VariantProfile variant : profiles.variants()) {
            out.append("<h3>").append(esc(variant.variant())).append("</h3>\n");
            if (variant.error() != null) {
                out.append("<p class=\"bad\">The profiling run failed: ").append(esc(variant.error()))
                        .append("</p>\n");
            } else {
                out.append("<p class=\"note\">").append(variant.requests()).append(" requests, ")
                        .append(Fmt.fixed(variant.throughput(), 1))
                        .append(" req/s with the profilers on (not comparable with the measured throughput).");
                if (variant.from() != null && variant.to() != null) {
                    out.append(" Tables and flame graphs cover the profiled level only, ")
                            .append(esc(time(variant.from()))).append("–").append(esc(time(variant.to())))
                            .append(" UTC; the recordings hold each JVM's whole life (start-up and warm-up too).");
                }
                out.append("</p>\n");
            }
            if (variant.services().isEmpty()) {
                out.append("<p class=\"note\">No service JVM was profiled.</p>\n");
            }
            for (Profiles.ServiceProfile service : variant.services()) {
                service(out, variant.variant(), service);
            }
        }
        return out.toString();
    }

    private static void service(StringBuilder out, String variant, Profiles.ServiceProfile s) {
        out.append("<h4>").append(esc(variant)).append(" · ").append(esc(s.service())).append("</h4>\n<p>");
        if (s.flameGraph() != null) {
            out.append("<a class=\"flame\" href=\"").append(esc(s.flameGraph()))
                    .append("\">CPU flame graph (interactive)</a> · ");
        } else {
            out.append("<span class=\"warn\">no CPU flame graph</span> · ");
        }
        link(out, s.cpuRecording(), "async-profiler recording");
        link(out, s.jfr(), "JDK Flight Recording");
        out.append("sampled with ").append(esc(s.cpuEvent() == null ? "–" : s.cpuEvent())).append(", ")
                .append(s.cpuSamples()).append(" samples</p>\n");
        for (String problem : s.problems()) {
            out.append("<p class=\"warn\">").append(esc(problem)).append("</p>\n");
        }
        out.append("<div class=\"profile\">\n<div>\n");
        frames(out, "Top frames (self)", s.topFrames());
        frames(out, "Top Java frames (self; native and VM time charged to the Java caller)", s.topJavaFrames());
        out.append("</div>\n<div>\n<table class=\"kv\">\n");
        Profiles.Gc gc = s.gc();
        row(out, "GC", gc == null ? "–" : gc.collections() + " collections, pauses " + Fmt.fixed(gc.pauseMsTotal(), 1)
                + " ms in all, longest " + Fmt.fixed(gc.pauseMsMax(), 1) + " ms");
        row(out, "Allocation", Double.isNaN(s.allocationMbPerSecond()) ? "–"
                : Fmt.fixed(s.allocationMbPerSecond(), 1) + " MB/s (from allocation samples)");
        Profiles.Locks locks = s.locks();
        row(out, "Lock contention", locks == null ? "–" : locks.events() == 0 ? "none (no contended monitor enter of"
                + " 1 ms or more)" : locks.events() + " contended monitor enters of 1 ms or more, "
                + Fmt.fixed(locks.msTotal(), 1) + " ms in all");
        Profiles.Pinning pinning = s.pinning();
        row(out, "Pinned virtual threads", pinning == null ? "–" : pinning.events() == 0 ? "none"
                : pinning.events() + " events, " + Fmt.fixed(pinning.msTotal(), 1) + " ms pinned in all");
        row(out, "Virtual thread submits failed", String.valueOf(s.submitFailed()));
        out.append("</table>\n");
        if (locks != null && !locks.topMonitors().isEmpty()) {
            sites(out, "Most waited-on monitors", locks.topMonitors());
        }
        if (pinning != null && !pinning.sites().isEmpty()) {
            sites(out, "Pinning events (reason · first frame outside the JDK's thread code)", pinning.sites());
        }
        out.append("</div>\n</div>\n");
    }

    private static void frames(StringBuilder out, String title, List<Profiles.Frame> frames) {
        out.append("<table class=\"frames\">\n<tr><th>").append(esc(title))
                .append("</th><th>samples</th><th>%</th></tr>\n");
        if (frames.isEmpty()) {
            out.append("<tr><td colspan=\"3\">none</td></tr>\n");
        }
        for (Profiles.Frame f : frames) {
            out.append("<tr><td><code>").append(esc(f.frame())).append("</code></td><td class=\"n\">")
                    .append(f.samples()).append("</td><td class=\"n\">").append(Fmt.fixed(f.percent(), 1))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static void sites(StringBuilder out, String title, List<Profiles.Site> sites) {
        out.append("<table>\n<tr><th>").append(esc(title)).append("</th><th>events</th><th>ms</th></tr>\n");
        for (Profiles.Site site : sites) {
            out.append("<tr><td><code>").append(esc(site.name())).append("</code></td><td class=\"n\">")
                    .append(site.events()).append("</td><td class=\"n\">").append(Fmt.fixed(site.msTotal(), 1))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private static String time(java.time.Instant instant) {
        return instant.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString().substring(11, 19);
    }

    private static void link(StringBuilder out, String href, String text) {
        if (href != null) {
            out.append("<a href=\"").append(esc(href)).append("\">").append(esc(text)).append("</a> · ");
        }
    }

    private static void row(StringBuilder out, String key, String value) {
        out.append("<tr><th>").append(esc(key)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
    }

    /** Styles of the section, added to the page's. */
    static final String CSS = """
            .profile{display:grid;grid-template-columns:minmax(0,3fr) minmax(0,2fr);gap:12px;align-items:start}
            .profile table{width:100%}
            .profile code{font-size:12px;word-break:break-all}
            .profile table.kv th{width:180px}
            h4{margin:14px 0 4px;font-size:14px}
            """;
}
