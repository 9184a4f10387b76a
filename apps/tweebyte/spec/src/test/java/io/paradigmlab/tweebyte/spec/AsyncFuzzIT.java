package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("fuzzing (async)")
class AsyncFuzzIT extends FuzzSpec {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }
}
