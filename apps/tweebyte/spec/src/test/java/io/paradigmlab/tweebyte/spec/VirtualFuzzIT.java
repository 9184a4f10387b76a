package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("fuzzing (virtual)")
class VirtualFuzzIT extends FuzzSpec {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }
}
