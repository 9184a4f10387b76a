package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteDeployment;

/**
 * The three services of one deployed variant, each behind its own plain HTTP client. The suite talks to each
 * service directly (not through a gateway), so paths are the services' own.
 */
record Services(Http user, Http tweet, Http interaction) {

    static Services of(TweebyteDeployment deployment) {
        return new Services(new Http(deployment.userUrl()), new Http(deployment.tweetUrl()),
                new Http(deployment.interactionUrl()));
    }
}
