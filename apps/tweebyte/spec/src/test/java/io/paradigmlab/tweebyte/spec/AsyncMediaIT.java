package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("media workloads (async)")
class AsyncMediaIT extends MediaSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.ASYNC;
    }
}
