package io.paradigmlab.lab.report;

import static io.paradigmlab.lab.report.HtmlReport.map;

import io.paradigmlab.lab.results.Profiles;
import java.util.List;
import java.util.Map;

/**
 * The report's "Profiles" section ({@code --profile}): per variant and service JVM, links to the interactive flame
 * graph and the recordings, the top frames by self time, GC and allocation, lock contention and pinned virtual threads.
 * The numbers and words are computed here; the layout and the prose are in the template {@code report/profiles.peb}.
 */
final class ProfilesHtml {

    private ProfilesHtml() {
    }

    static String render(Profiles profiles, String levelUnit) {
        if (profiles == null) {
            return "";
        }
        List<Map<String, Object>> variants = profiles.variants().stream().map(variant -> map(
                "variant", variant.variant(),
                "error", variant.error(),
                "requests", variant.requests(),
                "throughput", Fmt.fixed(variant.throughput(), 1),
                "from", variant.from() == null || variant.to() == null ? null : time(variant.from()),
                "to", variant.from() == null || variant.to() == null ? null : time(variant.to()),
                "services", variant.services().stream().map(ProfilesHtml::service).toList())).toList();
        return Templates.render("profiles", map("level", profiles.level(), "unit", levelUnit,
                "levelChoice", profiles.levelChoice(), "profiler", profiles.profiler(), "variants", variants));
    }

    private static Map<String, Object> service(Profiles.ServiceProfile s) {
        Profiles.Gc gc = s.gc();
        Profiles.Locks locks = s.locks();
        Profiles.Pinning pinning = s.pinning();
        List<Map<String, Object>> rows = List.of(
                map("key", "GC", "value", gc == null ? "–" : gc.collections() + " collections, pauses "
                        + Fmt.fixed(gc.pauseMsTotal(), 1) + " ms in all, longest " + Fmt.fixed(gc.pauseMsMax(), 1)
                        + " ms"),
                map("key", "Allocation", "value", Double.isNaN(s.allocationMbPerSecond()) ? "–"
                        : Fmt.fixed(s.allocationMbPerSecond(), 1) + " MB/s (from allocation samples)"),
                map("key", "Lock contention", "value", locks == null ? "–" : locks.events() == 0
                        ? "none (no contended monitor enter of 1 ms or more)"
                        : locks.events() + " contended monitor enters of 1 ms or more, "
                        + Fmt.fixed(locks.msTotal(), 1) + " ms in all"),
                map("key", "Pinned virtual threads", "value", pinning == null ? "–" : pinning.events() == 0 ? "none"
                        : pinning.events() + " events, " + Fmt.fixed(pinning.msTotal(), 1) + " ms pinned in all"),
                map("key", "Virtual thread submits failed", "value", String.valueOf(s.submitFailed())));
        return map("service", s.service(), "flameGraph", s.flameGraph(), "cpuRecording", s.cpuRecording(),
                "jfr", s.jfr(), "cpuEvent", s.cpuEvent() == null ? "–" : s.cpuEvent(), "cpuSamples", s.cpuSamples(),
                "problems", s.problems(), "topFrames", frames(s.topFrames()), "topJavaFrames",
                frames(s.topJavaFrames()), "rows", rows,
                "monitors", locks == null || locks.topMonitors().isEmpty() ? null : sites(locks.topMonitors()),
                "pinningSites", pinning == null || pinning.sites().isEmpty() ? null : sites(pinning.sites()));
    }

    private static List<Map<String, Object>> frames(List<Profiles.Frame> frames) {
        return frames.stream().map(f -> map("frame", f.frame(), "samples", f.samples(),
                "percent", Fmt.fixed(f.percent(), 1))).toList();
    }

    private static List<Map<String, Object>> sites(List<Profiles.Site> sites) {
        return sites.stream().map(site -> map("name", site.name(), "events", site.events(),
                "ms", Fmt.fixed(site.msTotal(), 1))).toList();
    }

    private static String time(java.time.Instant instant) {
        return instant.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString().substring(11, 19);
    }
}
