package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("stories across services (async)")
class AsyncStoriesIT extends StoriesSpec {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }
}
