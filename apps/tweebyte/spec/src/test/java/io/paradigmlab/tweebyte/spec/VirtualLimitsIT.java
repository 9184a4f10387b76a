package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("limits (virtual)")
class VirtualLimitsIT extends LimitsSpec {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }
}
