package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("limits (reactive)")
class ReactiveLimitsIT extends LimitsSpec {

    @Override
    protected Variant variant() {
        return Variant.REACTIVE;
    }
}
