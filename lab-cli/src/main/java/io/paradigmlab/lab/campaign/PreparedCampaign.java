package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.api.RedisEndpoint;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * A campaign once its servers and data set are ready: what every verification, launch, measured run and profiling run
 * of it shares, passed on as one value.
 *
 * @param redis        Redis for the named services, by service id: the injected latency's proxy ({@link
 *                     InjectedLatency}); the others get the infrastructure's own
 * @param scenarioText the scenario's Hyperfoil file; null for a fixed-work experiment, which runs none
 * @param services     the services the scenario needs launched
 * @param workDir      the campaign's folder, each run's under it
 * @param launcher     what starts the service JVMs (CPU pinning, service host), before each launch's AOT cache
 */
record PreparedCampaign(CampaignRunner.Request request, Infrastructure infra, Map<String, RedisEndpoint> redis,
                        ScenarioInfo scenario, String scenarioText, Set<String> services,
                        TemplateDataSets.DataSet data, Path workDir, ServiceLauncher launcher) {

    /** The same campaign, its JVMs also shaped by {@code shaper} (a profiling run's agents). */
    PreparedCampaign shapedBy(ServiceProcess.Shaper shaper) {
        return new PreparedCampaign(request, infra, redis, scenario, scenarioText, services, data, workDir,
                launcher.shapedBy(shaper));
    }
}
