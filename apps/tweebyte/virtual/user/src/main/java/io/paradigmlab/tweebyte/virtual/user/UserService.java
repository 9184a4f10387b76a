package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import io.paradigmlab.tweebyte.domain.user.UserSearch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.security.PasswordHasher;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration.TokenIssuing;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;

/** Accounts, in plain blocking code: BCrypt, token signing and JDBC all run on the request's virtual thread. */
@Service
public class UserService {

    private final JdbcUserStore store;
    private final PasswordHasher hasher;
    private final TokenIssuing tokens;
    private final Clock clock;

    public UserService(JdbcUserStore store, PasswordHasher hasher, TokenIssuing tokens, Clock clock) {
        this.store = store;
        this.hasher = hasher;
        this.tokens = tokens;
        this.clock = clock;
    }

    public TokenResponse register(UserForm form) {
        NewUser user = UserRules.validateRegistration(form, LocalDate.now(clock));
        UUID id = UUID.randomUUID();
        store.availability(id, user.userName(), user.email()).requireAvailable();
        store.insert(id, user, hasher.hash(user.password()));
        return new TokenResponse(tokens.require().issue(id, user.email()));
    }

    public TokenResponse login(Credentials credentials) {
        Credentials login = credentials.validated();
        StoredCredentials stored = store.credentials(login.email()).orElse(null);
        if (!hasher.matches(login.password(), stored == null ? null : stored.passwordHash())) {
            throw UserRules.badCredentials();
        }
        return new TokenResponse(tokens.require().issue(stored.id(), stored.email()));
    }

    public UserSummary summary(String id) {
        return store.summaryById(Ids.parse("id", id)).orElseThrow(UserRules::userNotFound);
    }

    public UserSummary summaryByName(String name) {
        return store.summaryByName(name).orElseThrow(UserRules::userNotFound);
    }

    public List<UserSummary> search(String term) {
        return store.search(UserSearch.containsPattern(term), UserSearch.LIMIT);
    }

    public void update(Caller caller, String rawId, UserForm form) {
        UUID id = Ids.parse("id", rawId);
        caller.requireOwnerOf(id);
        UserChanges changes = UserRules.validateUpdate(form, LocalDate.now(clock));
        if (changes.touchesUniqueFields()) {
            store.availability(id, changes.userName(), changes.email()).requireAvailable();
        }
        String hash = changes.changesPassword() ? hasher.hash(changes.password()) : null;
        if (!store.update(id, changes, hash)) {
            throw UserRules.userNotFound();
        }
    }
}
