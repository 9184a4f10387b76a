package io.paradigmlab.lab.metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads chosen metrics from a service's Prometheus endpoint ({@code /actuator/prometheus}), each summed over its
 * series (labels): the counters of a fixed-work experiment's equal-work check and the gauges whose peak it reports.
 */
public final class MetricsEndpoint {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private MetricsEndpoint() {
    }

    /**
     * The value of each of {@code names}, summed over its series; a name the service does not report is absent.
     *
     * @throws java.io.UncheckedIOException when the endpoint does not answer 200
     */
    public static Map<String, Double> read(String baseUrl, Collection<String> names) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus"))
                    .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new java.io.UncheckedIOException(new java.io.IOException(baseUrl + "/actuator/prometheus answered "
                        + response.statusCode()));
            }
            return select(response.body(), names);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.UncheckedIOException(new java.io.IOException("interrupted", e));
        }
    }

    static Map<String, Double> select(String exposition, Collection<String> names) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (PrometheusText.Series s : PrometheusText.parse(exposition)) {
            if (names.contains(s.name()) && !Double.isNaN(s.value())) {
                values.merge(s.name(), s.value(), Double::sum);
            }
        }
        return values;
    }
}
