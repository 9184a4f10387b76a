package io.paradigmlab.tweebyte.lab.leak;

import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.launch.ServiceProcess;

/**
 * A leak LabLayersTest must catch: application code that reaches past the API into the engine (here to sample a
 * service's resources). A test source, so the rule's real check leaves it out.
 */
public final class EngineInAnApplication {

    private EngineInAnApplication() {
    }

    static String cpus(LaunchedService service) {
        return ServiceProcess.of(service).allowedCpus();
    }
}
