package io.paradigmlab.lab.api.leak;

import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.infra.Infrastructure;

/**
 * A leak LabLayersTest must catch: an API type that knows the engine's implementation of one of its interfaces. A
 * test source, so the rule's real check leaves it out.
 */
public final class EngineInTheApi {

    private EngineInTheApi() {
    }

    static boolean embedded(LabInfrastructure infra) {
        return infra instanceof Infrastructure engine && engine.embeddedPostgres();
    }
}
