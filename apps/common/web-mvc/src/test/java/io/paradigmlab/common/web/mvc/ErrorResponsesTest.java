package io.paradigmlab.common.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.EdgeRefusals;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.common.contract.ErrorWords;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;

class ErrorResponsesTest {

    private static final ErrorWords WORDS = new ErrorWords("Malformed body", "Malformed request", "Not found",
            "Method not allowed", null, null, "Internal error", "Overloaded", "NUL in path");

    private final ErrorResponses errors = new ErrorResponses(WORDS, JsonMapper.builder().build());

    @Test
    void aFrameworkStatusGetsTheApplicationsWordAndKeepsItsHeadersButContentTypeAndLength() {
        HttpHeaders headers = new HttpHeaders();
        headers.add(HttpHeaders.ALLOW, "GET");
        headers.add(HttpHeaders.CONTENT_TYPE, "text/html");
        headers.add(HttpHeaders.CONTENT_LENGTH, "12");
        ResponseEntity<ErrorBody> answer = errors.standard(405, "/x", headers);
        assertThat(answer.getStatusCode().value()).isEqualTo(405);
        assertThat(answer.getHeaders().getAllow()).hasToString("[GET]");
        assertThat(answer.getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(answer.getHeaders().containsHeader(HttpHeaders.CONTENT_LENGTH)).isFalse();
        assertThat(answer.getBody().errors()).containsExactly("Method not allowed");
        assertThat(answer.getBody().path()).isEqualTo("/x");
    }

    @Test
    void aStatusWithoutAWordIsTheGenericOne() {
        assertThat(errors.standard(413, "/x", null).getBody().errors()).containsExactly(ErrorWords.OTHER);
    }

    @Test
    void a503CarriesTheExceptionsOwnRetryAfter() {
        ResponseEntity<ErrorBody> answer = ErrorResponses.of(new ApiException.Unavailable("busy", 7), "/y");
        assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("7");
        assertThat(answer.getBody().errors()).containsExactly("busy");
    }

    @Test
    void otherStatusesCarryNoRetryAfter() {
        ResponseEntity<ErrorBody> answer = ErrorResponses.of(new ApiException.NotFound("gone"), "/y");
        assertThat(answer.getStatusCode().value()).isEqualTo(404);
        assertThat(answer.getHeaders().containsHeader(HttpHeaders.RETRY_AFTER)).isFalse();
    }

    @Test
    void onlyWellFormedPercentEscapesPass() {
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%41&b=%7e")).isTrue();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%zz")).isFalse();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%4")).isFalse();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%")).isFalse();
    }
}
