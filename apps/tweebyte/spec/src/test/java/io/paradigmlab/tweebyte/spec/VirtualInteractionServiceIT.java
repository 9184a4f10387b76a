package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("interaction service (virtual)")
class VirtualInteractionServiceIT extends InteractionServiceSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.VIRTUAL;
    }
}
