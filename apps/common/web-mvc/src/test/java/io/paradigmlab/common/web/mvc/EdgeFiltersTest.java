package io.paradigmlab.common.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ErrorWords;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** {@link BodyLimitFilter} and {@link MalformedQueryFilter} on hand-made servlet objects (no container). */
class EdgeFiltersTest {

    private static final ErrorWords WORDS = new ErrorWords("Malformed body", "Malformed request", "Not found",
            "Method not allowed", "Too large", null, "Internal error", "Overloaded", "NUL in path");
    private static final ErrorResponses ERRORS = new ErrorResponses(WORDS, JsonMapper.builder().build());

    /** A request with these headers and body; {@code getParameterMap} is recorded in {@code parametersRead}. */
    private static HttpServletRequest request(String contentType, long contentLength, byte[] body, String query,
                                              AtomicBoolean parametersRead) {
        ServletInputStream stream = new BytesInputStream(body);
        return (HttpServletRequest) Proxy.newProxyInstance(EdgeFiltersTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getContentType" -> contentType;
                    case "getContentLengthLong" -> contentLength;
                    case "getInputStream" -> stream;
                    case "getQueryString" -> query;
                    case "getRequestURI" -> "/x";
                    case "getParameterMap" -> {
                        parametersRead.set(true);
                        yield Map.of();
                    }
                    default -> null;
                });
    }

    /** A response that keeps its status and body. */
    private static HttpServletResponse response(Map<String, Object> seen) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ServletOutputStream out = new ServletOutputStream() {
            @Override
            public void write(int b) {
                bytes.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
            }
        };
        return (HttpServletResponse) Proxy.newProxyInstance(EdgeFiltersTest.class.getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "setStatus" -> {
                        seen.put("status", args[0]);
                        yield null;
                    }
                    case "getOutputStream" -> {
                        seen.put("body", bytes);
                        yield out;
                    }
                    default -> null;
                });
    }

    private static String body(Map<String, Object> seen) {
        return ((ByteArrayOutputStream) seen.get("body")).toString(StandardCharsets.UTF_8);
    }

    @Test
    void aDeclaredLengthAboveTheBoundIs413BeforeAnyByteIsRead() throws Exception {
        Map<String, Object> seen = new HashMap<>();
        AtomicBoolean called = new AtomicBoolean();
        new BodyLimitFilter(10, ERRORS).doFilterInternal(request("application/json", 11, new byte[11], null,
                new AtomicBoolean()), response(seen), (rq, rs) -> called.set(true));
        assertThat(called).isFalse();
        assertThat(seen.get("status")).isEqualTo(413);
        assertThat(body(seen)).contains("\"Too large\"").contains("\"path\":\"/x\"");
    }

    @Test
    void aChunkedBodyFailsWhereItPassesTheBound() throws Exception {
        AtomicReference<HttpServletRequest> passed = new AtomicReference<>();
        FilterChain chain = (rq, rs) -> passed.set((HttpServletRequest) rq);
        new BodyLimitFilter(10, ERRORS).doFilterInternal(request("application/json", -1, new byte[11], null,
                new AtomicBoolean()), response(new HashMap<>()), chain);
        assertThatThrownBy(() -> passed.get().getInputStream().readAllBytes())
                .isInstanceOf(LimitedBodyStream.BodyTooLargeException.class);
    }

    @Test
    void aMultipartBodyIsLeftToItsOwnLimits() throws Exception {
        HttpServletRequest multipart = request("multipart/form-data; boundary=x", 11, new byte[11], null,
                new AtomicBoolean());
        AtomicReference<Object> passed = new AtomicReference<>();
        new BodyLimitFilter(10, ERRORS).doFilterInternal(multipart, response(new HashMap<>()),
                (rq, rs) -> passed.set(rq));
        assertThat(passed.get()).isSameAs(multipart);
    }

    @Test
    void theApplicationsOwnQueryRuleRefusesTooWith400() throws Exception {
        Map<String, Object> seen = new HashMap<>();
        AtomicBoolean called = new AtomicBoolean();
        new MalformedQueryFilter(ERRORS, query -> query.startsWith("=")).doFilterInternal(
                request(null, -1, new byte[0], "=x", new AtomicBoolean()), response(seen), (rq, rs) -> called.set(true));
        assertThat(called).isFalse();
        assertThat(seen.get("status")).isEqualTo(400);
        assertThat(body(seen)).contains("\"Malformed request\"");
    }

    @Test
    void aFormBodyIsNotReadForTheQuerysParameters() throws Exception {
        AtomicBoolean read = new AtomicBoolean();
        AtomicBoolean called = new AtomicBoolean();
        new MalformedQueryFilter(ERRORS).doFilterInternal(
                request("application/x-www-form-urlencoded", 3, "a=b".getBytes(StandardCharsets.UTF_8), "q=1", read),
                response(new HashMap<>()), (rq, rs) -> called.set(true));
        assertThat(called).isTrue();
        assertThat(read).isFalse();

        AtomicBoolean readWithoutBody = new AtomicBoolean();
        new MalformedQueryFilter(ERRORS).doFilterInternal(request(null, -1, new byte[0], "q=1", readWithoutBody),
                response(new HashMap<>()), (rq, rs) -> { });
        assertThat(readWithoutBody).isTrue();
    }
}
