package io.paradigmlab.tweebyte.web.flux;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * {@code tweebyte.web.multipart.*}: the limit WebFlux's own {@code spring.webflux.multipart.*} lacks.
 * Those bound each part; the servlet variants also bound the whole request
 * ({@code spring.servlet.multipart.max-request-size}), and this is its counterpart.
 *
 * @param maxRequestSize largest multipart request body (413 above it); unset, no limit
 */
@ConfigurationProperties("tweebyte.web.multipart")
public record MultipartLimits(@Nullable DataSize maxRequestSize) {
}
