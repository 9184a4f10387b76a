package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("media workloads (async)")
class AsyncMediaIT extends MediaSpec {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }
}
