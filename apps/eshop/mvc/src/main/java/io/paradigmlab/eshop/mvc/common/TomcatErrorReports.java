package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.io.IOException;
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
 * Tomcat answers some requests itself, before Spring sees them: a path with {@code %00} (its URI normalization refuses
 * NUL), a bad escape or an encoded slash in the path, a {@code TRACE}. Those answers get the contract's JSON error
 * body too ({@link StandardErrors#forStatus}: a 400 is {@link StandardErrors#MALFORMED_REQUEST}), instead of Tomcat's
 * HTML page, by replacing the host's error report valve (as the IT store's MVC cells do).
 *
 * <p>The valve keeps {@link ErrorReportValve}'s handling of a failure after the response was committed (a streamed
 * export whose database fails half-way): it closes the connection at once, so the client sees a truncated answer
 * rather than a well-formed but shorter one.
 */
public final class TomcatErrorReports implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    private final JsonMapper json;

    public TomcatErrorReports(JsonMapper json) {
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
            try {
                // bytes, not the reporter's Writer: a Writer makes Tomcat add ";charset=..." to the content type,
                // which the controllers' answers (plain application/json, UTF-8 by RFC 8259) do not carry
                response.setContentType("application/json");
                if (status == 503) {
                    response.setHeader("Retry-After", Integer.toString(ErrorResponses.defaultRetryAfter()));
                }
                byte[] body = json.writeValueAsBytes(ErrorBody.of(status, path, StandardErrors.forStatus(status)));
                response.setContentLength(body.length);
                response.getOutputStream().write(body);
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // the client went away or the response was committed meanwhile: nothing more to tell it
            }
        }
    }
}
