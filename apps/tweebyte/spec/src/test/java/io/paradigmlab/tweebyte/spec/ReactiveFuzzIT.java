package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("fuzzing (reactive)")
class ReactiveFuzzIT extends FuzzSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.REACTIVE;
    }
}
