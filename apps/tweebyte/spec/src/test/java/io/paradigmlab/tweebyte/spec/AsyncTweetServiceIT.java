package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("tweet service (async)")
class AsyncTweetServiceIT extends TweetServiceSpec {

    @Override
    protected Variant variant() {
        return Variant.ASYNC;
    }
}
