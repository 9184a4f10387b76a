package io.paradigmlab.lab.verify;

import io.paradigmlab.lab.api.CallCounter;
import io.paradigmlab.lab.api.Deployment;
import java.util.List;
import java.util.Map;

/**
 * Running services as the {@link WorkMeter} counts their work: the databases whose statements are theirs and the
 * call counters in front of them. The meter asks no more of a deployment ({@link #of(Deployment)}), so it can as well
 * count the work of services the lab did not launch through an application.
 */
public interface CountedServices {

    /** Database name to service id, for the equal-work check's statement counts. */
    Map<String, String> databases();

    /** The call counters in front of the services (empty unless call counting was asked for). */
    List<? extends CallCounter> proxies();

    /** {@code deployment}'s databases and call counters, read when the meter asks. */
    static CountedServices of(Deployment deployment) {
        return new CountedServices() {
            @Override
            public Map<String, String> databases() {
                return deployment.databases();
            }

            @Override
            public List<? extends CallCounter> proxies() {
                return deployment.proxies();
            }
        };
    }
}
