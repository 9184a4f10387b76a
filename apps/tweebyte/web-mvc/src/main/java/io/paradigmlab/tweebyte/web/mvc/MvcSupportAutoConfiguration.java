package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.web.mvc.BodyLimitFilter;
import io.paradigmlab.common.web.mvc.InFlightLimitFilter;
import io.paradigmlab.common.web.mvc.MalformedQueryFilter;
import io.paradigmlab.common.web.mvc.MvcPlumbing;
import io.paradigmlab.common.web.mvc.MvcPlumbingConfiguration;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.limits.RequestLimits;
import io.paradigmlab.tweebyte.domain.text.QueryStrings;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tweebyte on {@code common-web-mvc} ({@link MvcPlumbingConfiguration}), for both servlet variants' services and the
 * servlet gateway: its words ({@link StandardErrors#WORDS}), its edge limits (ADR 0004) and rules, its own error
 * mapping ({@link TweebyteMvcErrors}), {@code Caller} resolution and the OpenAPI endpoint.
 *
 * <p>Knobs (ADR 0004): {@code tweebyte.limits.max-concurrent-requests} (1,000), {@code tweebyte.limits.max-body-size}
 * (2 MB, a body that is not multipart; WebFlux's codecs bound JSON bodies alike).
 */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({MvcPlumbingConfiguration.class, TweebyteMvcErrors.class, OpenApiController.class})
public class MvcSupportAutoConfiguration {

    /** {@code tweebyte.limits.max-body-size}. */
    public static final String MAX_BODY_SIZE = "tweebyte.limits.max-body-size";
    /** {@link #MAX_BODY_SIZE} when unset: the largest JSON body a service accepts, as the reactive variant's codecs. */
    public static final DataSize DEFAULT_MAX_BODY_SIZE = DataSize.ofMegabytes(2);

    /** The shared servlet plumbing with Tweebyte's words. */
    @Bean
    MvcPlumbing tweebyteMvcPlumbing() {
        return new MvcPlumbing("tweebyte", StandardErrors.WORDS);
    }

    /**
     * The in-flight bound, first of all filters, so an overloaded service spends nothing on a request it refuses; a
     * request of the async variant that released its Tomcat thread while a future is pending still counts.
     */
    @Bean
    FilterRegistrationBean<InFlightLimitFilter> tweebyteInFlightLimit(MvcPlumbing plumbing, Environment environment,
            JsonMapper json) {
        int max = environment.getProperty(RequestLimits.PROPERTY, Integer.class,
                RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS);
        return plumbing.inFlightLimit(RequestLimits.limit(max), json);
    }

    /** Right after it: a body that is not multipart of at most {@value #MAX_BODY_SIZE} (413 above it). */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> tweebyteBodyLimit(MvcPlumbing plumbing, Environment environment,
            JsonMapper json) {
        DataSize max = environment.getProperty(MAX_BODY_SIZE, DataSize.class, DEFAULT_MAX_BODY_SIZE);
        return plumbing.bodyLimit(max.toBytes(), json);
    }

    /**
     * Then the query string: the common rule and Tweebyte's own ({@link QueryStrings}: a parameter without a name,
     * bytes that are not UTF-8), a 400 {@code Malformed request} before anything reads a parameter.
     */
    @Bean
    FilterRegistrationBean<MalformedQueryFilter> tweebyteMalformedQuery(MvcPlumbing plumbing, JsonMapper json) {
        return plumbing.malformedQuery(QueryStrings::isMalformed, json);
    }

    @Bean
    WebMvcConfigurer tweebyteCallerResolver(Authenticator authenticator) {
        return new WebMvcConfigurer() {
            @Override
            public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                resolvers.add(new CallerArgumentResolver(authenticator));
            }
        };
    }
}
