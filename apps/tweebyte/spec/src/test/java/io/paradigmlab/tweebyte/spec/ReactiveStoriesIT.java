package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;

/** The suite on the reactive variant, whose processes run with BlockHound: a blocking call on an event loop fails. */
@DisplayName("stories across services (reactive)")
class ReactiveStoriesIT extends StoriesSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.REACTIVE;
    }

    /** BlockHound turns a blocking call into an error; this catches one even where a scenario tolerated the 500. */
    @AfterAll
    void noBlockingCallWasDetected() {
        assertNoBlockingCall();
    }
}
