package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tomcat answers some requests itself, before Spring sees them: a path with {@code %00} (its URI normalization
 * refuses NUL and cannot be told otherwise) or a malformed request line. Those answers get the contract's JSON
 * error body too, instead of Tomcat's HTML page, by replacing the host's error report valve.
 */
final class TomcatErrorReports implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    private final JsonMapper json;

    TomcatErrorReports(JsonMapper json) {
        this.json = json;
    }

    /** After Spring Boot's own customizer, which adds a plain error report valve that this one must replace. */
    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        factory.addContextCustomizers(context -> {
            var pipeline = context.getParent().getPipeline();
            for (Valve valve : pipeline.getValves()) {
                if (valve instanceof ErrorReportValve) {
                    pipeline.removeValve(valve);
                }
            }
            pipeline.addValve(new JsonErrorReportValve(json));
            // the host adds its own valve at start unless one of exactly this class name is present
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
        });
    }

    /** Writes {@link ErrorBody} for every error response that has no body yet. */
    static final class JsonErrorReportValve extends ErrorReportValve {

        private final JsonMapper json;

        JsonErrorReportValve(JsonMapper json) {
            this.json = json;
            setShowReport(false);
            setShowServerInfo(false);
        }

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            String path = request.getRequestURI() == null ? "" : request.getRequestURI();
            // only requests Tomcat refused itself come here without a body: a 400 is about the request's syntax
            List<String> errors = status != 400 ? StandardErrors.forStatus(status)
                    : List.of(path.toLowerCase(Locale.ROOT).contains("%00") ? StandardErrors.NUL_IN_PATH
                            : StandardErrors.MALFORMED_REQUEST);
            try {
                // bytes, not the reporter Writer: a Writer makes Tomcat add ";charset=..." to the content type,
                // which the controllers' answers (plain application/json, UTF-8 by RFC 8259) do not carry
                response.setContentType("application/json");
                if (status == 503) {
                    response.setHeader("Retry-After", Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
                }
                byte[] body = json.writeValueAsString(ErrorBody.of(status, path, errors)).getBytes(StandardCharsets.UTF_8);
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // the client went away or the response was committed meanwhile: nothing more to tell it
            }
        }
    }
}
