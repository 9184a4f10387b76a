package io.paradigmlab.tweebyte.reactive.user;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.user.Availability;
import io.paradigmlab.tweebyte.domain.user.Credentials;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserForm;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserRules;
import io.paradigmlab.tweebyte.domain.user.UserSearch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.security.PasswordHasher;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration.TokenIssuing;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * Accounts, as the virtual variant's service does them, step for step and statement for statement,
 * without blocking: validation runs on the event loop, the database through R2DBC, and BCrypt, token
 * signing and id generation on the {@code cpu} scheduler.
 */
@Service
public class UserService {

    private final R2dbcUserStore store;
    private final PasswordHasher hasher;
    private final TokenIssuing tokens;
    private final Clock clock;
    private final Scheduler cpu;
    private final Downstream downstream;
    private final ServiceUrls urls;

    public UserService(R2dbcUserStore store, PasswordHasher hasher, TokenIssuing tokens, Clock clock,
                       Scheduler cpuScheduler, Downstream downstream, ServiceUrls urls) {
        this.store = store;
        this.downstream = downstream;
        this.urls = urls;
        this.hasher = hasher;
        this.tokens = tokens;
        this.clock = clock;
        this.cpu = cpuScheduler;
    }

    public Mono<TokenResponse> register(UserForm form) {
        return Mono.fromCallable(() -> UserRules.validateRegistration(form, LocalDate.now(clock)))
                // UUID.randomUUID() draws from SecureRandom, which may read /dev/urandom: not on the event loop
                .flatMap(user -> onCpu(UUID::randomUUID).flatMap(id -> register(id, user)));
    }

    private Mono<TokenResponse> register(UUID id, NewUser user) {
        return store.availability(id, user.userName(), user.email())
                .doOnNext(Availability::requireAvailable)
                .then(onCpu(() -> hasher.hash(user.password())))
                .flatMap(hash -> store.insert(id, user, hash))
                .then(onCpu(() -> issue(id, user.email())));
    }

    public Mono<TokenResponse> login(Credentials credentials) {
        return Mono.fromCallable(credentials::validated)
                .flatMap(login -> store.credentials(login.email()).map(Optional::of).defaultIfEmpty(Optional.empty())
                        // compare and sign in one hop: both are CPU work, and nothing runs between them
                        .flatMap(stored -> onCpu(() -> {
                            String hash = stored.map(StoredCredentials::passwordHash).orElse(null);
                            if (!hasher.matches(login.password(), hash)) {
                                throw UserRules.badCredentials();
                            }
                            return issue(stored.get().id(), stored.get().email());
                        })));
    }

    public Mono<UserSummary> summary(String id) {
        return Mono.fromCallable(() -> Ids.parse("id", id))
                .flatMap(store::summaryById)
                .switchIfEmpty(Mono.error(UserRules::userNotFound));
    }

    public Mono<UserSummary> summaryByName(String name) {
        return Mono.fromCallable(() -> TextRules.requireNoNul("name", name))
                .flatMap(store::summaryByName)
                .switchIfEmpty(Mono.error(UserRules::userNotFound));
    }

    /**
     * PROFILE_BY_ID (404), then the three calls at once: following and followers counts (interaction service)
     * and the user's bare tweets (tweet service), each with the caller's Authorization header.
     */
    public Mono<UserProfile> profile(@Nullable String auth, String rawId) {
        return Mono.fromCallable(() -> Ids.parse("id", rawId))
                .flatMap(store::profile)
                .switchIfEmpty(Mono.error(UserRules::userNotFound))
                .flatMap(account -> {
                    String interaction = urls.interaction() + "/follows/" + account.id();
                    return Mono.zip(
                            downstream.get(interaction + "/following/count", auth, ReactiveUserApplication.COUNT, null)
                                    .defaultIfEmpty(0L),
                            downstream.get(interaction + "/followers/count", auth, ReactiveUserApplication.COUNT, null)
                                    .defaultIfEmpty(0L),
                            downstream.get(urls.tweet() + "/tweets/user/" + account.id() + "/summary", auth,
                                    ReactiveUserApplication.TWEETS, null).defaultIfEmpty(List.of()))
                            .map(t -> UserProfile.of(account, t.getT1(), t.getT2(), t.getT3()));
                });
    }

    /** {@code POST /internal/users/summaries/by-id}: SUMMARIES_BY_IDS unless no id is asked; request order. */
    public Mono<List<UserSummary>> summariesByIds(List<String> raw) {
        return Mono.fromCallable(() -> UserBatch.ids(raw))
                .flatMap(ids -> ids.isEmpty() ? Mono.just(List.<UserSummary>of())
                        : store.summariesByIds(ids.toArray(UUID[]::new)).map(found -> UserBatch.inIdOrder(ids, found)));
    }

    /** {@code POST /internal/users/summaries/by-name}: SUMMARIES_BY_NAMES unless no name is asked; request order. */
    public Mono<List<UserSummary>> summariesByNames(List<String> raw) {
        return Mono.fromCallable(() -> UserBatch.names(raw))
                .flatMap(names -> names.isEmpty() ? Mono.just(List.<UserSummary>of())
                        : store.summariesByNames(names.toArray(String[]::new))
                                .map(found -> UserBatch.inNameOrder(names, found)));
    }

    public Flux<UserSummary> search(String term) {
        return Mono.fromCallable(() -> UserSearch.containsPattern(term))
                .flatMapMany(pattern -> store.search(pattern, UserSearch.LIMIT));
    }

    public Mono<Void> update(Caller caller, String rawId, UserForm form) {
        return Mono.fromCallable(() -> {
            UUID id = Ids.parse("id", rawId);
            caller.requireOwnerOf(id);
            return id;
        }).flatMap(id -> {
            UserChanges changes = UserRules.validateUpdate(form, LocalDate.now(clock));
            Mono<Availability> available = changes.touchesUniqueFields()
                    ? store.availability(id, changes.userName(), changes.email()).doOnNext(Availability::requireAvailable)
                    : Mono.empty();
            Mono<Optional<String>> hash = changes.changesPassword()
                    ? onCpu(() -> Optional.of(hasher.hash(changes.password())))
                    : Mono.just(Optional.empty());
            return available.then(hash)
                    .flatMap(h -> store.update(id, changes, h.orElse(null)))
                    .flatMap(updated -> updated ? Mono.<Void>empty() : Mono.error(UserRules.userNotFound()));
        });
    }

    private TokenResponse issue(UUID id, String email) {
        return new TokenResponse(tokens.require().issue(id, email));
    }

    private <T> Mono<T> onCpu(Callable<T> work) {
        return Mono.fromCallable(work).subscribeOn(cpu);
    }
}
