package io.paradigmlab.tweebyte.reactive.user;

import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.flux.MultipartForms;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/** The contract's user endpoints. A {@link Caller} parameter means: a valid token is required. */
@RestController
public class UserController {

    private final UserService users;

    public UserController(UserService users) {
        this.users = users;
    }

    @PostMapping(path = "/auth/register", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    Mono<TokenResponse> register(ServerWebExchange exchange) {
        return form(exchange).flatMap(users::register);
    }

    @PostMapping(path = "/auth/login", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<TokenResponse> login(@RequestBody Credentials credentials) {
        return users.login(credentials);
    }

    @GetMapping("/users/{id}")
    Mono<UserProfile> profile(Caller caller, @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false)
                              @Nullable String auth, @PathVariable String id) {
        return users.profile(auth, id);
    }

    /** Internal (no token): the summaries of those ids that exist, in request order. */
    @PostMapping(path = "/internal/users/summaries/by-id", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<UserSummary>> summariesByIds(@RequestBody List<String> ids) {
        return users.summariesByIds(ids);
    }

    /** Internal (no token): the summaries of those names that exist (compared without case), in request order. */
    @PostMapping(path = "/internal/users/summaries/by-name", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<UserSummary>> summariesByNames(@RequestBody List<String> names) {
        return users.summariesByNames(names);
    }

    @GetMapping("/users/summary/{id}")
    Mono<UserSummary> summary(Caller caller, @PathVariable String id) {
        return users.summary(id);
    }

    @GetMapping("/users/summary/name/{name}")
    Mono<UserSummary> summaryByName(Caller caller, @PathVariable String name) {
        return users.summaryByName(name);
    }

    /** Collected into one list so that the body goes out in one piece with its length, as the servlet variants send it. */
    @GetMapping("/users/search/{term}")
    Mono<List<UserSummary>> search(Caller caller, @PathVariable String term) {
        return users.search(term).collectList();
    }

    @PutMapping(path = "/users/{id}", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> update(Caller caller, @PathVariable String id, ServerWebExchange exchange) {
        return form(exchange).flatMap(form -> users.update(caller, id, form));
    }

    /** Text fields only: an optional {@code picture} file part is accepted and ignored. */
    private static Mono<UserForm> form(ServerWebExchange exchange) {
        return MultipartForms.parameters(exchange).map(fields -> UserForm.from(fields::getFirst));
    }
}
