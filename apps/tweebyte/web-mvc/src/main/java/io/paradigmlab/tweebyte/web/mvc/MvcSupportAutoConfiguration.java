package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.domain.limits.RequestLimits;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.List;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

/** Wires the contract's error body and caller resolution into a Spring MVC service. */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({MvcErrorHandling.Advice.class, MvcErrorHandling.FallbackErrorController.class, OpenApiController.class})
public class MvcSupportAutoConfiguration {

    @Bean
    TomcatErrorReports tweebyteTomcatErrorReports(JsonMapper json) {
        return new TomcatErrorReports(json);
    }

    /**
     * The in-flight and body limits, first of all filters so an overloaded service spends nothing on a request it
     * refuses. Knobs (ADR 0004): {@code tweebyte.limits.max-concurrent-requests}, {@code tweebyte.limits.max-body-size}.
     */
    @Bean
    FilterRegistrationBean<RequestLimitFilter> tweebyteRequestLimits(Environment environment, JsonMapper json) {
        int max = environment.getProperty(RequestLimits.PROPERTY, Integer.class,
                RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS);
        DataSize body = environment.getProperty("tweebyte.limits.max-body-size", DataSize.class, DataSize.ofMegabytes(2));
        var registration = new FilterRegistrationBean<>(new RequestLimitFilter(RequestLimits.limit(max), body.toBytes(), json));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /** Right after the limits: a malformed query string is refused before any filter reads a parameter. */
    @Bean
    FilterRegistrationBean<MalformedQueryFilter> tweebyteMalformedQuery(JsonMapper json) {
        var registration = new FilterRegistrationBean<>(new MalformedQueryFilter(json));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
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
