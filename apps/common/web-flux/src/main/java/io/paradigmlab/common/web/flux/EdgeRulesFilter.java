package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorWords;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
 *       application's own rule refuses ({@link WebFluxPlumbing#malformedQuery()}): {@link
 *       ErrorWords#malformedRequest()} (Tomcat refuses to parse such a query; Spring would hand the handler a U+FFFD).
 *       A broken escape rarely gets this far: {@link MalformedRequestRefusal} answers it in Netty.</li>
 * </ul>
 *
 * Runs right after the {@link InFlightLimitFilter}; a scan of the raw path and query, nothing more.
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

    public EdgeRulesFilter(WebFluxPlumbing application) {
        this(application.words(), application.malformedQuery());
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getURI().getRawPath();
        if (path != null && path.indexOf('%') >= 0) {
            if (containsEscape(path, '0', '0')) {
                return Mono.error(new ApiException.BadRequest(words.nulInPath()));
            }
            if (containsEscape(path, '2', 'f')) {
                return Mono.error(new ApiException.BadRequest(words.malformedRequest()));
            }
        }
        String query = exchange.getRequest().getURI().getRawQuery();
        if (!queryDecodes(query) || query != null && !query.isEmpty() && malformedQuery.test(query)) {
            return Mono.error(new ApiException.BadRequest(words.malformedRequest()));
        }
        return chain.filter(exchange);
    }

    /** Whether {@code raw} has the escape {@code %hl} (the letter in either case). */
    private static boolean containsEscape(String raw, char high, char low) {
        for (int i = raw.indexOf('%'); i >= 0 && i + 2 < raw.length(); i = raw.indexOf('%', i + 1)) {
            if (raw.charAt(i + 1) == high && Character.toLowerCase(raw.charAt(i + 2)) == low) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every {@code %} of the raw query starts two hexadecimal digits and the bytes they stand for, with the
     * query's other characters, are UTF-8. Null, empty or plain ASCII without escapes: true at once.
     */
    public static boolean queryDecodes(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return true;
        }
        boolean plain = true;
        for (int i = 0; i < rawQuery.length() && plain; i++) {
            char c = rawQuery.charAt(i);
            plain = c != '%' && c < 0x80;
        }
        if (plain) {
            return true;
        }
        byte[] bytes = new byte[rawQuery.length()];
        int n = 0;
        for (int i = 0; i < rawQuery.length(); i++) {
            char c = rawQuery.charAt(i);
            if (c == '%') {
                int high = i + 2 < rawQuery.length() ? hex(rawQuery.charAt(i + 1)) : -1;
                int low = high < 0 ? -1 : hex(rawQuery.charAt(i + 2));
                if (low < 0) {
                    return false;
                }
                bytes[n++] = (byte) (high * 16 + low);
                i += 2;
            } else {
                // Netty reads the request line as ISO-8859-1: a char is one byte of what the client sent
                bytes[n++] = (byte) c;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, n));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    // ASCII only: Character.digit would also take other scripts' digits
    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
