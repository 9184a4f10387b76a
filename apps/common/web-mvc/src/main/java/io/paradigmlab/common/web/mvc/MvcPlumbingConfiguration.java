package io.paradigmlab.common.web.mvc;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.json.JsonMapper;

/**
 * The shared servlet plumbing, imported by an application's auto-configuration beside its {@link MvcPlumbing} bean:
 * the contract's error body for every failure ({@link MvcErrorHandling}, {@link FallbackErrorController}), also for
 * the requests Tomcat refuses itself ({@link TomcatErrorReports}). The filters the application registers through its
 * {@link MvcPlumbing}.
 */
@Configuration(proxyBeanMethods = false)
@Import({MvcErrorHandling.class, FallbackErrorController.class})
public class MvcPlumbingConfiguration {

    @Bean
    ErrorResponses mvcErrorResponses(MvcPlumbing plumbing, JsonMapper json) {
        return new ErrorResponses(plumbing.words(), json);
    }

    @Bean
    TomcatErrorReports mvcTomcatErrorReports(ErrorResponses responses) {
        return new TomcatErrorReports(responses);
    }
}
