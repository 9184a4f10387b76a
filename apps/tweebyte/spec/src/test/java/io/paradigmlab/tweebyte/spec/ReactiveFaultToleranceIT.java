package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("fault tolerance (reactive)")
class ReactiveFaultToleranceIT extends FaultToleranceSpec {

    @Override
    protected Variant variant() {
        return Variant.REACTIVE;
    }
}
