package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("limits (reactive)")
class ReactiveLimitsIT extends LimitsSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.REACTIVE;
    }
}
