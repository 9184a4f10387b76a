package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("stories across services (async)")
class AsyncStoriesIT extends StoriesSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.ASYNC;
    }
}
