package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** The contract's user endpoints. A {@link Caller} parameter means: a valid token is required. */
@RestController
public class UserController {

    private final UserService users;

    public UserController(UserService users) {
        this.users = users;
    }

    @PostMapping(path = "/auth/register", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    TokenResponse register(@RequestParam MultiValueMap<String, String> fields) {
        return users.register(UserForm.from(fields::getFirst));
    }

    @PostMapping(path = "/auth/login", consumes = MediaType.APPLICATION_JSON_VALUE)
    TokenResponse login(@RequestBody Credentials credentials) {
        return users.login(credentials);
    }

    @GetMapping("/users/{id}")
    UserProfile profile(Caller caller, @PathVariable String id,
                        @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
        return users.profile(id, authorization);
    }

    @GetMapping("/users/summary/{id}")
    UserSummary summary(Caller caller, @PathVariable String id) {
        return users.summary(id);
    }

    @GetMapping("/users/summary/name/{name}")
    UserSummary summaryByName(Caller caller, @PathVariable String name) {
        return users.summaryByName(name);
    }

    @GetMapping("/users/search/{term}")
    List<UserSummary> search(Caller caller, @PathVariable String term) {
        return users.search(term);
    }

    @PutMapping(path = "/users/{id}", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void update(Caller caller, @PathVariable String id, @RequestParam MultiValueMap<String, String> fields) {
        users.update(caller, id, UserForm.from(fields::getFirst));
    }

    /** Internal (no token; the gateway does not route it): summaries of up to 1,000 ids, in request order. */
    @PostMapping(path = "/internal/users/summaries/by-id", consumes = MediaType.APPLICATION_JSON_VALUE)
    List<UserSummary> summariesByIds(@RequestBody List<String> ids) {
        return users.summariesByIds(ids);
    }

    /** Internal (no token; the gateway does not route it): summaries of up to 1,000 names, in request order. */
    @PostMapping(path = "/internal/users/summaries/by-name", consumes = MediaType.APPLICATION_JSON_VALUE)
    List<UserSummary> summariesByNames(@RequestBody List<String> names) {
        return users.summariesByNames(names);
    }
}
