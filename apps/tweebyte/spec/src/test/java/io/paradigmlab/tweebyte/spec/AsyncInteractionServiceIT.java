package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("interaction service (async)")
class AsyncInteractionServiceIT extends InteractionServiceSpec {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }
}
