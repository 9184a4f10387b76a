package io.paradigmlab.lab.verify;

import java.util.List;
import java.util.Map;

/**
 * Running services as the {@link WorkMeter} counts their work: the databases whose statements are theirs and the
 * counting proxies in front of them. A deployment ({@code app.Deployment}) is one; the meter asks no more of it, so the
 * verification does not depend on the applications' interface that extends this one.
 */
public interface CountedServices {

    /** Database name to service id, for the equal-work check's statement counts. */
    Map<String, String> databases();

    /** The counting proxies in front of the services (empty unless call counting was asked for). */
    List<CountingProxy> proxies();
}
