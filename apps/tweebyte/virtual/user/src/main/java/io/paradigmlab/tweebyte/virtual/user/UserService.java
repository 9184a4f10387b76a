package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.stereotype.Service;

/** Accounts, in plain blocking code: BCrypt, token signing and JDBC all run on the request's virtual thread. */
@Service
public class UserService {

    private final JdbcUserStore store;
    private final PasswordHasher hasher;
    private final TokenIssuing tokens;
    private final Clock clock;
    private final OtherServices services;

    public UserService(JdbcUserStore store, PasswordHasher hasher, TokenIssuing tokens, Clock clock,
                       OtherServices services) {
        this.store = store;
        this.hasher = hasher;
        this.tokens = tokens;
        this.clock = clock;
        this.services = services;
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
        return store.summaryByName(TextRules.requireNoNul("name", name)).orElseThrow(UserRules::userNotFound);
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

    /**
     * PROFILE_BY_ID (404), then the three calls at once, each on its own virtual thread (StructuredTaskScope is
     * still a preview API in JDK 25); the first failure, in the order following, followers, tweets, is the answer.
     */
    public UserProfile profile(String rawId, String authorization) {
        UUID id = Ids.parse("id", rawId);
        UserProfile.Account account = store.profile(id).orElseThrow(UserRules::userNotFound);
        try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Long> following = calls.submit(() -> services.followingCount(id, authorization));
            Future<Long> followers = calls.submit(() -> services.followersCount(id, authorization));
            Future<List<TweetSummary>> tweets = calls.submit(() -> services.tweets(id, authorization));
            return UserProfile.of(account, join(following), join(followers), join(tweets));
        }
    }

    private static <T> T join(Future<T> call) {
        try {
            return call.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
        }
    }

    /** {@code POST /internal/users/summaries/by-id}: one statement unless the list is empty; request order. */
    public List<UserSummary> summariesByIds(List<String> raw) {
        List<UUID> ids = UserBatch.ids(raw);
        if (ids.isEmpty()) {
            return List.of();
        }
        return UserBatch.inIdOrder(ids, store.summariesByIds(ids.toArray(UUID[]::new)));
    }

    /** {@code POST /internal/users/summaries/by-name}: one statement unless the list is empty; request order. */
    public List<UserSummary> summariesByNames(List<String> raw) {
        List<String> names = UserBatch.names(raw);
        if (names.isEmpty()) {
            return List.of();
        }
        return UserBatch.inNameOrder(names, store.summariesByNames(names.toArray(String[]::new)));
    }
}
