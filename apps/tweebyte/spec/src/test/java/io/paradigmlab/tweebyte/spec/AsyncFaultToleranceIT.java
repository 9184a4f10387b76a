package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("fault tolerance (async)")
class AsyncFaultToleranceIT extends FaultToleranceSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.ASYNC;
    }
}
