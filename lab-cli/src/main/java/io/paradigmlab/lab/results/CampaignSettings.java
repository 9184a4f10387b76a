package io.paradigmlab.lab.results;

import java.util.List;
import java.util.Map;

/**
 * What a campaign was asked to do: enough, with the environment, to re-run it.
 *
 * @param app             the application, e.g. tweebyte
 * @param scenario        the scenario, e.g. user-summary
 * @param variants        variants compared, in order: the launched variants, then the external targets
 * @param targets         the names among {@code variants} that are external targets (not launched, not sampled)
 * @param model           closed or open
 * @param levels          concurrent users (closed) or offered requests per second (open), ascending
 * @param repetitions     fresh JVMs and data each; within one, the variants run back to back (order rotated)
 * @param warmupSeconds   load before the first level of each run, excluded from every number
 * @param durationSeconds measured window of each level
 * @param scale           the data set's scale name (e.g. quick, seed)
 * @param users           accounts in that data set
 * @param seed            seed of the data generator
 * @param security        whether token checks were on (the seeds benchmarked with them off)
 * @param errorThreshold  fraction of failed requests above which a level is FAILED
 * @param noiseVariant    the variant run a second time in every repetition to measure the machine's noise (its
 *                        second run's measurements carry {@link #repeatOf(String)} as variant), or null
 * @param viaGateway      whether the load went through each launched variant's gateway (a process of its own in the
 *                        measured path, sampled with the services) rather than straight to the services
 * @param launchSettings  the application's launch settings of every launched variant ({@code --faithful},
 *                        {@code --set KEY=VALUE}); empty for its defaults
 * @param soakSlices      a soak ({@code --soak}): the number of consecutive slices of equal length its one level's
 *                        window ({@code durationSeconds}) was cut into; 0 for any other campaign
 * @param startupProbe    in which repetitions each launched variant was also started once with the opposite JDK AOT
 *                        cache setting, for its start-up, first answer and footprint alone ({@code --startup-probe}):
 *                        {@link #PROBE_EVERY}, {@link #PROBE_FIRST} (the first repetition only) or {@link #PROBE_OFF};
 *                        null (off) in results written before the lab had one, {@code true} from one that said only
 *                        on or off (read as every)
 * @param steadyState     the warm-up (fixed or adaptive) and when a window is steady ({@link SteadyState}); a fixed
 *                        warm-up with the default JIT share limit in results written before the lab checked it
 */
public record CampaignSettings(String app, String scenario, List<String> variants, List<String> targets, String model,
                               List<Integer> levels, int repetitions, int warmupSeconds, int durationSeconds,
                               String scale, int users, long seed, boolean security, double errorThreshold,
                               String noiseVariant, boolean viaGateway, Map<String, String> launchSettings,
                               int soakSlices, String startupProbe, SteadyState steadyState) {

    /** Suffix of the variant name of the noise check's second, identical run. */
    public static final String REPEAT_SUFFIX = " (repeat)";
    /** The start-up probe in every repetition: paired ratios with intervals. */
    public static final String PROBE_EVERY = "every";
    /** The start-up probe in the first repetition only: one pair per variant, for short campaigns such as the demo. */
    public static final String PROBE_FIRST = "first";
    /** No start-up probe. */
    public static final String PROBE_OFF = "off";

    public CampaignSettings {
        // A campaign.json written before targets existed has none: read it as no target.
        variants = variants == null ? List.of() : List.copyOf(variants);
        targets = targets == null ? List.of() : List.copyOf(targets);
        levels = levels == null ? List.of() : List.copyOf(levels);
        startupProbe = startupProbe == null || startupProbe.equals("false") ? PROBE_OFF
                : startupProbe.equals("true") ? PROBE_EVERY : startupProbe;
        if (!List.of(PROBE_EVERY, PROBE_FIRST, PROBE_OFF).contains(startupProbe)) {
            throw new IllegalArgumentException("start-up probe " + startupProbe + ": every, first or off");
        }
        launchSettings = launchSettings == null ? Map.of()
                : java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(launchSettings));
        steadyState = steadyState == null ? SteadyState.fixedDefaults() : steadyState;
    }

    /** A fixed warm-up, windows judged with the default JIT share limit. */
    public CampaignSettings(String app, String scenario, List<String> variants, List<String> targets, String model,
                            List<Integer> levels, int repetitions, int warmupSeconds, int durationSeconds,
                            String scale, int users, long seed, boolean security, double errorThreshold,
                            String noiseVariant, boolean viaGateway, Map<String, String> launchSettings,
                            int soakSlices, String startupProbe) {
        this(app, scenario, variants, targets, model, levels, repetitions, warmupSeconds, durationSeconds, scale, users,
                seed, security, errorThreshold, noiseVariant, viaGateway, launchSettings, soakSlices, startupProbe,
                null);
    }

    /** The same settings with another warm-up and steady-state rule. */
    public CampaignSettings withSteadyState(SteadyState steady) {
        return new CampaignSettings(app, scenario, variants, targets, model, levels, repetitions, warmupSeconds,
                durationSeconds, scale, users, seed, security, errorThreshold, noiseVariant, viaGateway, launchSettings,
                soakSlices, startupProbe, steady);
    }

    /** Not a soak, without the start-up probe. */
    public CampaignSettings(String app, String scenario, List<String> variants, List<String> targets, String model,
                            List<Integer> levels, int repetitions, int warmupSeconds, int durationSeconds,
                            String scale, int users, long seed, boolean security, double errorThreshold,
                            String noiseVariant, boolean viaGateway, Map<String, String> launchSettings) {
        this(app, scenario, variants, targets, model, levels, repetitions, warmupSeconds, durationSeconds, scale, users,
                seed, security, errorThreshold, noiseVariant, viaGateway, launchSettings, 0, PROBE_OFF);
    }

    /** Whether this campaign was a soak: one level, its window measured in {@link #soakSlices} slices. */
    public boolean soak() {
        return soakSlices > 1;
    }

    /** Whether any repetition has the start-up probe ({@link #startupProbe()}). */
    public boolean probesStartup() {
        return !PROBE_OFF.equals(startupProbe);
    }

    /** Whether repetition {@code rep} (from 1) has the start-up probe. */
    public boolean probesStartup(int rep) {
        return PROBE_EVERY.equals(startupProbe) || PROBE_FIRST.equals(startupProbe) && rep == 1;
    }

    /** The same settings with the start-up probe {@link #PROBE_EVERY}, {@link #PROBE_FIRST} or {@link #PROBE_OFF}. */
    public CampaignSettings withStartupProbe(String probe) {
        return new CampaignSettings(app, scenario, variants, targets, model, levels, repetitions, warmupSeconds,
                durationSeconds, scale, users, seed, security, errorThreshold, noiseVariant, viaGateway, launchSettings,
                soakSlices, probe, steadyState);
    }

    /** The application's defaults: no launch setting. */
    public CampaignSettings(String app, String scenario, List<String> variants, List<String> targets, String model,
                            List<Integer> levels, int repetitions, int warmupSeconds, int durationSeconds,
                            String scale, int users, long seed, boolean security, double errorThreshold,
                            String noiseVariant, boolean viaGateway) {
        this(app, scenario, variants, targets, model, levels, repetitions, warmupSeconds, durationSeconds, scale, users,
                seed, security, errorThreshold, noiseVariant, viaGateway, Map.of());
    }

    /** The variant name of the identical second run of {@code variant}. */
    public static String repeatOf(String variant) {
        return variant + REPEAT_SUFFIX;
    }
}
