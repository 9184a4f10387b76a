package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("user service (async)")
class AsyncUserServiceIT extends UserServiceSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.ASYNC;
    }
}
