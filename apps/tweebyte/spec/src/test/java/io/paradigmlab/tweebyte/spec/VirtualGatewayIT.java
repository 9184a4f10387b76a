package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("API gateway (virtual)")
class VirtualGatewayIT extends GatewaySpec {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }
}
