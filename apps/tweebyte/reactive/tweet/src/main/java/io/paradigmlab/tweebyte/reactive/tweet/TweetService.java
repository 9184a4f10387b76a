package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.paging.Paging;
import io.paradigmlab.tweebyte.domain.text.TextParsing;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import io.paradigmlab.tweebyte.domain.tweet.EnrichedTweet;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.Tweet;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly;
import io.paradigmlab.tweebyte.domain.tweet.TweetBody;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetRules;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithReplies;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithUser;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tweets, statement for statement and call for call what the servlet variants do (docs/api/tweebyte.md), without
 * blocking: validation and assembly on the event loop, the database through R2DBC, other services through
 * {@link Downstream}, Redis through the reactive template, id generation on the {@code cpu} scheduler.
 */
public class TweetService {

    static final ParameterizedTypeReference<List<UserSummary>> USERS = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<List<TweetInteractionSummary>> SUMMARIES =
            new ParameterizedTypeReference<>() {
            };
    static final ParameterizedTypeReference<List<Reply>> REPLIES = new ParameterizedTypeReference<>() {
    };
    static final ParameterizedTypeReference<List<UUID>> IDS = new ParameterizedTypeReference<>() {
    };
    private static final TypeReference<List<UUID>> CACHED_IDS = new TypeReference<>() {
    };
    static final String FOLLOWING_IDS_KEY = "tweebyte:following-ids:";

    private static final Logger log = LoggerFactory.getLogger(TweetService.class);

    private final R2dbcTweetStore store;
    private final TransactionalOperator tx;
    private final Downstream downstream;
    private final ServiceUrls urls;
    private final ReactiveStringRedisTemplate redis;
    private final JsonMapper json;
    private final CircuitBreaker breaker;
    private final Scheduler cpu;

    public TweetService(R2dbcTweetStore store, ReactiveTransactionManager transactions, Downstream downstream,
                        ServiceUrls urls, ReactiveStringRedisTemplate redis, JsonMapper json, CircuitBreaker breaker,
                        Scheduler cpu) {
        this.store = store;
        this.tx = TransactionalOperator.create(transactions);
        this.downstream = downstream;
        this.urls = urls;
        this.redis = redis;
        this.json = json;
        this.breaker = breaker;
        this.cpu = cpu;
        json.readerFor(CACHED_IDS);
    }

    /** Validated text of a create or update, with what the text names. */
    private record Draft(String content, List<String> hashtags, List<String> names) {
        static Draft of(TweetBody body) {
            String content = TweetRules.validContent(body);
            return new Draft(content, TextParsing.hashtags(content), TextParsing.mentions(content));
        }
    }

    // ---- writes

    /** Owner, content; then the one mention look-up (if any) and one transaction. */
    public Mono<IdResponse> create(Caller caller, @Nullable String auth, String rawUserId, TweetBody body) {
        return Mono.fromCallable(() -> {
            UUID userId = Ids.parse("userId", rawUserId);
            if (caller.checked() && !caller.userId().equals(userId)) {
                throw new ApiException.Forbidden(TweetRules.NOT_AUTHOR_POST);
            }
            return userId;
        }).flatMap(userId -> {
            Draft draft = Draft.of(body);
            return freshIds(1 + draft.hashtags().size() + draft.names().size())
                    .flatMap(ids -> resolveMentions(draft.names(), auth).flatMap(found -> {
                        UUID tweetId = ids.getFirst();
                        List<UUID> tagIds = ids.subList(1, 1 + draft.hashtags().size());
                        List<Mention> mentions = TweetAssembly.mentions(draft.names(), found,
                                ids.subList(1 + draft.hashtags().size(), ids.size()));
                        return store.insertTweet(tweetId, userId, draft.content())
                                .then(writeLinks(tweetId, draft.hashtags(), tagIds, mentions))
                                .as(tx::transactional)
                                .thenReturn(new IdResponse(tweetId));
                    }));
        });
    }

    /**
     * With valid content: the mention look-up (if any), then one transaction: OWNER_FOR_UPDATE (404, 403),
     * UPDATE_CONTENT, DELETE_TWEET_HASHTAGS, DELETE_MENTIONS, the new links, SUMMARY_BY_ID (for created_at). With
     * invalid content the 404 and 403 still come first: OWNER_FOR_UPDATE alone, then the 400.
     */
    public Mono<Tweet> update(Caller caller, @Nullable String auth, String rawTweetId, TweetBody body) {
        return Mono.fromCallable(() -> Ids.parse("tweetId", rawTweetId)).flatMap(tweetId -> {
            Draft draft;
            try {
                draft = Draft.of(body);
            } catch (ApiException.BadRequest invalid) {
                return requireAuthor(caller, tweetId).then(Mono.<Tweet>error(invalid)).as(tx::transactional);
            }
            return freshIds(draft.hashtags().size() + draft.names().size())
                    .flatMap(ids -> resolveMentions(draft.names(), auth).flatMap(found -> {
                        List<UUID> tagIds = ids.subList(0, draft.hashtags().size());
                        List<Mention> mentions = TweetAssembly.mentions(draft.names(), found,
                                ids.subList(draft.hashtags().size(), ids.size()));
                        return requireAuthor(caller, tweetId)
                                .then(store.updateContent(tweetId, draft.content()))
                                .then(store.deleteTweetHashtags(tweetId))
                                .then(store.deleteMentions(tweetId))
                                .then(writeLinks(tweetId, draft.hashtags(), tagIds, mentions))
                                .flatMap(hashtags -> store.summaryById(tweetId)
                                        .switchIfEmpty(Mono.error(TweetRules::tweetNotFound))
                                        .map(t -> new Tweet(t.id(), t.userId(), t.content(), t.createdAt(), mentions,
                                                hashtags)))
                                .as(tx::transactional);
                    }));
        });
    }

    /** One transaction: OWNER_FOR_UPDATE (404, 403), DELETE_TWEET, INSERT_DELETION. */
    public Mono<Void> delete(Caller caller, String rawTweetId) {
        return Mono.fromCallable(() -> Ids.parse("tweetId", rawTweetId))
                .flatMap(tweetId -> requireAuthor(caller, tweetId)
                        .then(store.deleteTweet(tweetId))
                        .then(store.insertDeletion(tweetId))
                        .as(tx::transactional));
    }

    /** OWNER_FOR_UPDATE: 404 without the row, 403 unless the caller wrote it. */
    private Mono<UUID> requireAuthor(Caller caller, UUID tweetId) {
        return store.ownerForUpdate(tweetId)
                .switchIfEmpty(Mono.error(TweetRules::tweetNotFound))
                .doOnNext(author -> TweetRules.requireAuthor(caller.userId(), author));
    }

    /**
     * If hashtags: UPSERT_HASHTAGS then INSERT_TWEET_HASHTAGS; if mentions: INSERT_MENTIONS.
     *
     * @return the hashtags written, in order of first appearance
     */
    private Mono<List<Hashtag>> writeLinks(UUID tweetId, List<String> texts, List<UUID> tagIds,
                                           List<Mention> mentions) {
        Mono<List<Hashtag>> hashtags = texts.isEmpty() ? Mono.just(List.of())
                : store.upsertHashtags(tagIds.toArray(UUID[]::new), texts.toArray(String[]::new))
                        .map(upserted -> TweetAssembly.hashtagsInOrder(texts, upserted))
                        .flatMap(ordered -> store.insertTweetHashtags(tweetId,
                                ordered.stream().map(Hashtag::id).toArray(UUID[]::new)).thenReturn(ordered));
        return hashtags.flatMap(tags -> mentions.isEmpty() ? Mono.just(tags)
                : store.insertMentions(tweetId, mentions).thenReturn(tags));
    }

    /** The one by-name look-up when the text mentions anyone. */
    private Mono<List<UserSummary>> resolveMentions(List<String> names, @Nullable String auth) {
        return names.isEmpty() ? Mono.just(List.of())
                : downstream.post(urls.user() + "/internal/users/summaries/by-name", auth, names, USERS, null)
                        .defaultIfEmpty(List.of());
    }

    /** UUID.randomUUID() may read /dev/urandom: drawn on the cpu scheduler, all of a request's at once. */
    private Mono<List<UUID>> freshIds(int count) {
        return Mono.fromCallable(() -> {
            List<UUID> ids = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                ids.add(UUID.randomUUID());
            }
            return ids;
        }).subscribeOn(cpu);
    }

    // ---- reads

    /** SUMMARY_BY_ID (404), HASHTAGS_OF, MENTIONS_OF, the enrichment call with [id], then the replies call. */
    public Mono<TweetWithReplies> tweet(@Nullable String auth, String rawTweetId) {
        return Mono.fromCallable(() -> Ids.parse("tweetId", rawTweetId))
                .flatMap(tweetId -> store.summaryById(tweetId).switchIfEmpty(Mono.error(TweetRules::tweetNotFound)))
                .flatMap(summary -> enriched(List.of(summary), auth)
                        .flatMap(page -> withoutOnFailure(downstream.get(urls.interaction() + "/replies/tweet/"
                                        + summary.id(), auth, REPLIES, TweetRules.TWEET_NOT_FOUND)
                                        .defaultIfEmpty(List.of()), List.of())
                                .map(replies -> TweetWithReplies.of(page.getFirst(), replies))));
    }

    public Mono<TweetSummary> summary(String rawTweetId) {
        return Mono.fromCallable(() -> Ids.parse("tweetId", rawTweetId))
                .flatMap(tweetId -> store.summaryById(tweetId).switchIfEmpty(Mono.error(TweetRules::tweetNotFound)));
    }

    public Mono<List<TweetSummary>> userSummaries(String rawUserId) {
        return Mono.fromCallable(() -> Ids.parse("userId", rawUserId))
                .flatMap(userId -> store.byUser(userId, Paging.ALL));
    }

    /** BY_USER, then the page's enrichment. */
    public Mono<List<EnrichedTweet>> userTweets(@Nullable String auth, String rawUserId, @Nullable String page,
                                                @Nullable String size) {
        return Mono.fromCallable(() -> new Object[] {Ids.parse("userId", rawUserId), Paging.parse(page, size)})
                .flatMap(p -> store.byUser((UUID) p[0], (Paging) p[1]))
                .flatMap(tweets -> enriched(tweets, auth));
    }

    /**
     * The followed ids through the circuit breaker (the cached ids when it fails or is open), BY_USERS unless
     * nobody is followed, then the page's enrichment.
     */
    public Mono<List<EnrichedTweet>> feed(@Nullable String auth, String rawUserId, @Nullable String page,
                                          @Nullable String size) {
        return Mono.fromCallable(() -> new Object[] {Ids.parse("userId", rawUserId), Paging.parse(page, size)})
                .flatMap(p -> followedIds(auth, (UUID) p[0]).flatMap(ids -> ids.isEmpty()
                        ? Mono.just(List.<TweetSummary>of())
                        : store.byUsers(ids.toArray(UUID[]::new), (Paging) p[1])))
                .flatMap(tweets -> enriched(tweets, auth));
    }

    private Mono<List<UUID>> followedIds(@Nullable String auth, UUID userId) {
        return downstream.get(urls.interaction() + "/follows/" + userId + "/following/identifiers", auth, IDS, null)
                .defaultIfEmpty(List.of())
                .transformDeferred(CircuitBreakerOperator.of(breaker))
                .onErrorResume(TweetService::fallsBack, failure -> cachedFollowedIds(userId)
                        .switchIfEmpty(Mono.error(() -> failure instanceof CallNotPermittedException
                                ? new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE) : failure)));
    }

    /** The interaction service failed (or the breaker is open): a 4xx answer such as 401 is passed on instead. */
    private static boolean fallsBack(Throwable failure) {
        return failure instanceof CallNotPermittedException || TweebyteResilience.isFailure(failure);
    }

    /** Redis GET of the ids the interaction service cached; empty on a miss or when Redis fails. */
    private Mono<List<UUID>> cachedFollowedIds(UUID userId) {
        return redis.opsForValue().get(FOLLOWING_IDS_KEY + userId)
                .map(value -> json.readValue(value, CACHED_IDS))
                .onErrorResume(e -> {
                    log.warn("Feed fallback: cached followed ids of {} unavailable: {}", userId, e.toString());
                    return Mono.empty();
                });
    }

    /** SEARCH_CONTENT; if any: HASHTAGS_OF, MENTIONS_OF and one by-id call for the authors. */
    public Mono<List<TweetWithUser>> search(@Nullable String auth, String term) {
        return Mono.fromCallable(() -> TextRules.containsPattern(term))
                .flatMap(pattern -> store.searchContent(pattern, TweetRules.SEARCH_LIMIT))
                .flatMap(page -> page.isEmpty() ? Mono.just(List.<TweetWithUser>of())
                        : assembled(page).flatMap(tweets -> downstream.post(urls.user() + "/internal/users/summaries/by-id",
                                        auth, TweetAssembly.authors(page), USERS, null)
                                .defaultIfEmpty(List.of())
                                .map(users -> TweetAssembly.withUsers(tweets, users))));
    }

    /** SEARCH_HASHTAG; if any: HASHTAGS_OF, MENTIONS_OF. */
    public Mono<List<Tweet>> searchHashtag(String term) {
        return Mono.fromCallable(() -> TweetRules.hashtagTerm(term))
                .flatMap(text -> store.searchHashtag(text, TweetRules.SEARCH_LIMIT))
                .flatMap(this::assembled);
    }

    public Mono<List<PopularHashtag>> popularHashtags() {
        return store.popularHashtags(TweetRules.POPULAR_LIMIT);
    }

    public Mono<List<TweetDeletion>> deletions(@Nullable String after, @Nullable String limit) {
        return Mono.fromCallable(() -> new long[] {TweetRules.after(after), TweetRules.deletionsLimit(limit)})
                .flatMap(p -> store.deletionsAfter(p[0], (int) p[1]));
    }

    /** A page with its hashtags and mentions: HASHTAGS_OF then MENTIONS_OF, neither for an empty page. */
    private Mono<List<Tweet>> assembled(List<TweetSummary> page) {
        if (page.isEmpty()) {
            return Mono.just(List.of());
        }
        UUID[] ids = TweetAssembly.ids(page);
        return store.hashtagsOf(ids).flatMap(hashtags -> store.mentionsOf(ids)
                .map(mentions -> TweetAssembly.assemble(page, hashtags, mentions)));
    }

    /**
     * An enrichment call to the interaction service through the circuit breaker: when the service fails
     * (unreachable, 5xx, too slow) or the breaker is open, {@code without}, so the tweets go out without their
     * counts, top reply or replies instead of failing (docs/api/tweebyte.md, "Circuit breaker"). A 4xx (401) is
     * the caller's and passed on.
     */
    private <T> Mono<T> withoutOnFailure(Mono<T> call, T without) {
        return call.transformDeferred(CircuitBreakerOperator.of(breaker))
                .onErrorResume(TweebyteResilience::fallsBack, failure -> Mono.just(without));
    }

    /** {@link #assembled}, then one enrichment call per batch, one after the other; nothing for an empty page. */
    private Mono<List<EnrichedTweet>> enriched(List<TweetSummary> page, @Nullable String auth) {
        if (page.isEmpty()) {
            return Mono.just(List.of());
        }
        return assembled(page).flatMap(tweets -> Flux.fromIterable(TweetAssembly.summaryBatches(
                                tweets.stream().map(Tweet::id).toList()))
                        .concatMap(batch -> withoutOnFailure(downstream.post(urls.interaction()
                                        + "/recommendations/tweet/summary", auth,
                                        batch.stream().map(UUID::toString).toList(), SUMMARIES, null)
                                .defaultIfEmpty(List.of()), List.<TweetInteractionSummary>of()))
                        .concatMapIterable(summaries -> summaries)
                        .collectList()
                        .map(summaries -> TweetAssembly.enrich(tweets, summaries)));
    }
}
