package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.Availability;
import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import io.paradigmlab.tweebyte.domain.user.UserSearch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.security.PasswordHasher;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration.TokenIssuing;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

/**
 * Accounts as CompletableFuture pipelines: the same steps, in the same order, as the other variants;
 * database calls on the JDBC executor, BCrypt and token signing on the CPU executor.
 */
@Service
public class AsyncUserService {

    private final AsyncUserStore store;
    private final PasswordHasher hasher;
    private final TokenIssuing tokens;
    private final Clock clock;
    private final ExecutorService cpu;
    private final OtherServices services;

    public AsyncUserService(AsyncUserStore store, PasswordHasher hasher, TokenIssuing tokens, Clock clock,
                            @Qualifier("cpu") ExecutorService cpu, OtherServices services) {
        this.services = services;
        this.store = store;
        this.hasher = hasher;
        this.tokens = tokens;
        this.clock = clock;
        this.cpu = cpu;
    }

    public CompletableFuture<TokenResponse> register(UserForm form) {
        NewUser user = UserRules.validateRegistration(form, LocalDate.now(clock));
        UUID id = UUID.randomUUID();
        return store.availability(id, user.userName(), user.email())
                .thenAccept(Availability::requireAvailable)
                .thenApplyAsync(ignored -> hasher.hash(user.password()), cpu)
                .thenCompose(hash -> store.insert(id, user, hash))
                .thenApplyAsync(ignored -> new TokenResponse(tokens.require().issue(id, user.email())), cpu);
    }

    public CompletableFuture<TokenResponse> login(Credentials credentials) {
        Credentials login = credentials.validated();
        return store.credentials(login.email()).thenApplyAsync(found -> {
            var stored = found.orElse(null);
            if (!hasher.matches(login.password(), stored == null ? null : stored.passwordHash())) {
                throw UserRules.badCredentials();
            }
            return new TokenResponse(tokens.require().issue(stored.id(), stored.email()));
        }, cpu);
    }

    public CompletableFuture<UserSummary> summary(String id) {
        return store.summaryById(Ids.parse("id", id)).thenApply(found -> found.orElseThrow(UserRules::userNotFound));
    }

    public CompletableFuture<UserSummary> summaryByName(String name) {
        return store.summaryByName(TextRules.requireNoNul("name", name))
                .thenApply(found -> found.orElseThrow(UserRules::userNotFound));
    }

    public CompletableFuture<List<UserSummary>> search(String term) {
        return store.search(UserSearch.containsPattern(term), UserSearch.LIMIT);
    }

    public CompletableFuture<Void> update(Caller caller, String rawId, UserForm form) {
        UUID id = Ids.parse("id", rawId);
        caller.requireOwnerOf(id);
        UserChanges changes = UserRules.validateUpdate(form, LocalDate.now(clock));
        CompletableFuture<Void> available = changes.touchesUniqueFields()
                ? store.availability(id, changes.userName(), changes.email()).thenAccept(Availability::requireAvailable)
                : CompletableFuture.completedFuture(null);
        return available
                .thenApplyAsync(ignored -> changes.changesPassword() ? hasher.hash(changes.password()) : null, cpu)
                .thenCompose(hash -> store.update(id, changes, hash))
                .thenAccept(updated -> {
                    if (!updated) {
                        throw UserRules.userNotFound();
                    }
                });
    }

    /** PROFILE_BY_ID (404), then the three calls at once; the first failure, in the order following, followers, tweets. */
    public CompletableFuture<UserProfile> profile(String rawId, String authorization) {
        UUID id = Ids.parse("id", rawId);
        return store.profile(id).thenApply(found -> found.orElseThrow(UserRules::userNotFound))
                .thenCompose(account -> {
                    CompletableFuture<Long> following = services.followingCount(id, authorization);
                    CompletableFuture<Long> followers = services.followersCount(id, authorization);
                    CompletableFuture<List<TweetSummary>> tweets = services.tweets(id, authorization);
                    return CompletableFuture.allOf(following, followers, tweets).handle((ignored, error) ->
                            UserProfile.of(account, following.join(), followers.join(), tweets.join()));
                });
    }

    /** {@code POST /internal/users/summaries/by-id}: one statement unless the list is empty; request order. */
    public CompletableFuture<List<UserSummary>> summariesByIds(List<String> raw) {
        List<UUID> ids = UserBatch.ids(raw);
        if (ids.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return store.summariesByIds(ids.toArray(UUID[]::new)).thenApply(found -> UserBatch.inIdOrder(ids, found));
    }

    /** {@code POST /internal/users/summaries/by-name}: one statement unless the list is empty; request order. */
    public CompletableFuture<List<UserSummary>> summariesByNames(List<String> raw) {
        List<String> names = UserBatch.names(raw);
        if (names.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return store.summariesByNames(names.toArray(String[]::new)).thenApply(found -> UserBatch.inNameOrder(names, found));
    }
}
