package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;

/**
 * The cross-service stories, unchanged, through the reactive variant's API gateway: every request goes to
 * {@code <gateway>/<service>-service/...}. The services honour the gateway's {@code X-Forwarded-Prefix}, so an error
 * body names the path the client sent; {@code assertError} adds the prefix a request went through to the suite's
 * paths, which stay the services' own (and so the direct suite is untouched).
 */
@DisplayName("stories across services, through the gateway (reactive)")
class ReactiveStoriesViaGatewayIT extends StoriesSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.REACTIVE;
    }

    @Override
    protected Services services(TweebyteDeployment deployment) {
        return Services.viaGateway(deployment);
    }

    /** As {@code ReactiveStoriesIT}: the reactive services run under BlockHound. */
    @AfterAll
    void noBlockingCallWasDetected() {
        assertNoBlockingCall();
    }
}
