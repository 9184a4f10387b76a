package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.EdgeRefusals;
import java.io.IOException;
import java.util.List;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.valves.ErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;

/**
 * Tomcat answers some requests itself, before Spring sees them: a path with {@code %00} (its URI normalization refuses
 * NUL and cannot be told otherwise), a bad escape or an encoded slash in the path, a {@code TRACE}. Those answers get
 * the contract's JSON error body too, with the application's words, instead of Tomcat's HTML page, by replacing the
 * host's error report valve. A 400 is the {@code nulInPath} word when the path carries {@code %00}, else
 * {@code malformedRequest}; any other status the word for it.
 *
 * <p>The valve keeps {@link ErrorReportValve}'s handling of a failure after the response was committed (a streamed
 * answer whose database fails half-way): it closes the connection at once, so the client sees a truncated answer
 * rather than a well-formed but shorter one.
 */
public final class TomcatErrorReports implements WebServerFactoryCustomizer<TomcatServletWebServerFactory>, Ordered {

    private final ErrorResponses errors;

    public TomcatErrorReports(ErrorResponses errors) {
        this.errors = errors;
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
            pipeline.addValve(new JsonErrorReportValve(errors));
            // the host adds its own valve at start unless one of exactly this class name is present
            if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
            }
        });
    }

    /** Writes the contract's error body for every error response that has no body yet. */
    static final class JsonErrorReportValve extends ErrorReportValve {

        private final ErrorResponses errors;

        JsonErrorReportValve(ErrorResponses errors) {
            this.errors = errors;
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
                errors.write(response, status, path, words(status, path));
                response.finishResponse();
            } catch (IOException | IllegalStateException e) {
                // the client went away or the response was committed meanwhile: nothing more to tell it
            }
        }

        /** Only requests Tomcat refused itself come here without a body: a 400 is about the request's syntax. */
        private List<String> words(int status, String path) {
            if (status != 400) {
                return errors.words().forStatus(status);
            }
            String refused = EdgeRefusals.refusedPath(path, errors.words());
            return List.of(refused != null ? refused : errors.words().malformedRequest());
        }
    }
}
