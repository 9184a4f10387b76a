package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("user service (virtual)")
class VirtualUserServiceIT extends UserServiceSpec {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }
}
