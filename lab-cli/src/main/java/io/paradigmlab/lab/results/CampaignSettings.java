package io.paradigmlab.lab.results;

import java.util.List;

/**
 * What a campaign was asked to do: enough, with the environment, to re-run it.
 *
 * @param app               the application (tweebyte)
 * @param scenario          the request mix (user-summary)
 * @param variants          variants compared, in order
 * @param model             closed or open
 * @param levels            concurrent users (closed) or offered requests per second (open), ascending
 * @param repetitions       fresh JVMs and data each
 * @param warmupSeconds     load before the first level of each repetition, excluded from every number
 * @param durationSeconds   measured window of each level
 * @param users             synthetic users seeded per repetition
 * @param seed              seed of the data generator and of the request choices
 * @param security          whether token checks were on (the seeds benchmarked with them off)
 * @param errorThreshold    fraction of failed requests above which a level is FAILED
 */
public record CampaignSettings(String app, String scenario, List<String> variants, String model, List<Integer> levels,
                               int repetitions, int warmupSeconds, int durationSeconds, int users, long seed,
                               boolean security, double errorThreshold) {
}
