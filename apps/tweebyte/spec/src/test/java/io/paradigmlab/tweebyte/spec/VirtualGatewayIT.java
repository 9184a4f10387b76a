package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("API gateway (virtual)")
class VirtualGatewayIT extends GatewaySpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.VIRTUAL;
    }
}
