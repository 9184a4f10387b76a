package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.DisplayName;

@DisplayName("tweet service (virtual)")
class VirtualTweetServiceIT extends TweetServiceSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.VIRTUAL;
    }
}
