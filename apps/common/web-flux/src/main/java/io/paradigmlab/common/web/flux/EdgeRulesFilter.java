package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.EdgeRefusals;
import io.paradigmlab.common.contract.ErrorWords;
import java.util.function.Predicate;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The requests Tomcat refuses itself in the servlet variants, refused here too, with the same 400 and the
 * application's words, before any handler runs (Reactor Netty and Spring would otherwise decode them leniently):
 *
 * <ul>
 *   <li>{@code %00} in the path: {@link ErrorWords#nulInPath()};</li>
 *   <li>an encoded slash ({@code %2F}) in the path: {@link ErrorWords#malformedRequest()} (Tomcat's default
 *       {@code encodedSolidusHandling} rejects it);</li>
 *   <li>a query string whose escapes do not decode as UTF-8 ({@code %ff}), or a broken escape, or one the
 *       application's own rule refuses ({@code WebPlumbing.malformedQuery}): {@link
 *       ErrorWords#malformedRequest()} (Tomcat refuses to parse such a query; Spring would hand the handler a U+FFFD).
 *       A broken escape rarely gets this far: {@link MalformedRequestRefusal} answers it in Netty.</li>
 * </ul>
 *
 * Runs right after the {@link InFlightLimitFilter}; a scan of the raw path and query ({@link EdgeRefusals}), nothing
 * more.
 */
public final class EdgeRulesFilter implements WebFilter, Ordered {

    /** Right after the in-flight bound. */
    public static final int ORDER = InFlightLimitFilter.ORDER + 1;

    private final ErrorWords words;
    private final Predicate<String> malformedQuery;

    public EdgeRulesFilter(ErrorWords words, Predicate<String> malformedQuery) {
        this.words = words;
        this.malformedQuery = malformedQuery == null ? query -> false : malformedQuery;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String refused = EdgeRefusals.refusedPath(exchange.getRequest().getURI().getRawPath(), words);
        if (refused != null) {
            return Mono.error(new ApiException.BadRequest(refused));
        }
        String query = exchange.getRequest().getURI().getRawQuery();
        if (!EdgeRefusals.queryDecodes(query) || query != null && !query.isEmpty() && malformedQuery.test(query)) {
            return Mono.error(new ApiException.BadRequest(words.malformedRequest()));
        }
        return chain.filter(exchange);
    }
}
