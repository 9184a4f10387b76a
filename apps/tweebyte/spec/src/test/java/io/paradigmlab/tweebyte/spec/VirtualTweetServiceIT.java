package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.Variant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("tweet service (virtual)")
class VirtualTweetServiceIT extends TweetServiceSpec {

    @Override
    protected Variant variant() {
        return Variant.VIRTUAL;
    }
}
