package io.paradigmlab.tweebyte.async.tweet;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
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
import io.paradigmlab.tweebyte.jdbc.JdbcTweetStore;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.springframework.stereotype.Service;

/**
 * Tweets, statement for statement and call for call what the other variants do (docs/api/tweebyte.md), as futures:
 * checks on the request thread, each database step (a statement, or statements that follow each other without a
 * call in between, or a transaction) as one task on the db executor, other services through sendAsync.
 */
@Service
public class AsyncTweetService {

    private final JdbcTweetStore store;
    private final Db db;
    private final OtherServices services;
    private final FollowedUsers followed;
    private final CircuitBreaker breaker;

    public AsyncTweetService(JdbcTweetStore store, Db db, OtherServices services, FollowedUsers followed,
                             CircuitBreaker interactionBreaker) {
        this.store = store;
        this.db = db;
        this.services = services;
        this.followed = followed;
        this.breaker = interactionBreaker;
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
    public CompletableFuture<IdResponse> create(Caller caller, String auth, String rawUserId, TweetBody body) {
        UUID userId = Ids.parse("userId", rawUserId);
        if (caller.checked() && !caller.userId().equals(userId)) {
            throw new ApiException.Forbidden(TweetRules.NOT_AUTHOR_POST);
        }
        Draft draft = Draft.of(body);
        UUID tweetId = UUID.randomUUID();
        List<UUID> tagIds = freshIds(draft.hashtags().size());
        List<UUID> mentionIds = freshIds(draft.names().size());
        return resolveMentions(draft.names(), auth).thenCompose(found -> {
            List<Mention> mentions = TweetAssembly.mentions(draft.names(), found, mentionIds);
            return db.inTransaction(() -> {
                store.insertTweet(tweetId, userId, draft.content());
                writeLinks(tweetId, draft.hashtags(), tagIds, mentions);
                return new IdResponse(tweetId);
            });
        });
    }

    /**
     * With valid content: the mention look-up (if any), then one transaction: OWNER_FOR_UPDATE (404, 403),
     * UPDATE_CONTENT, DELETE_TWEET_HASHTAGS, DELETE_MENTIONS, the new links, SUMMARY_BY_ID (for created_at). With
     * invalid content the 404 and 403 still come first: OWNER_FOR_UPDATE alone (in a transaction), then the 400.
     */
    public CompletableFuture<Tweet> update(Caller caller, String auth, String rawTweetId, TweetBody body) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        Draft draft;
        try {
            draft = Draft.of(body);
        } catch (ApiException.BadRequest invalid) {
            return db.inTransaction(() -> {
                requireAuthor(caller, tweetId);
                throw invalid;
            });
        }
        List<UUID> tagIds = freshIds(draft.hashtags().size());
        List<UUID> mentionIds = freshIds(draft.names().size());
        return resolveMentions(draft.names(), auth).thenCompose(found -> {
            List<Mention> mentions = TweetAssembly.mentions(draft.names(), found, mentionIds);
            return db.inTransaction(() -> {
                requireAuthor(caller, tweetId);
                store.updateContent(tweetId, draft.content());
                store.deleteTweetHashtags(tweetId);
                store.deleteMentions(tweetId);
                List<Hashtag> hashtags = writeLinks(tweetId, draft.hashtags(), tagIds, mentions);
                TweetSummary t = store.summaryById(tweetId).orElseThrow(TweetRules::tweetNotFound);
                return new Tweet(t.id(), t.userId(), t.content(), t.createdAt(), mentions, hashtags);
            });
        });
    }

    /** One transaction: OWNER_FOR_UPDATE (404, 403), DELETE_TWEET, INSERT_DELETION. */
    public CompletableFuture<Void> delete(Caller caller, String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.inTransaction(() -> {
            requireAuthor(caller, tweetId);
            store.deleteTweet(tweetId);
            store.insertDeletion(tweetId);
        });
    }

    /** OWNER_FOR_UPDATE (inside the caller's transaction): 404 without the row, 403 unless the caller wrote it. */
    private void requireAuthor(Caller caller, UUID tweetId) {
        UUID author = store.ownerForUpdate(tweetId).orElseThrow(TweetRules::tweetNotFound);
        TweetRules.requireAuthor(caller.userId(), author);
    }

    /**
     * If hashtags: UPSERT_HASHTAGS then INSERT_TWEET_HASHTAGS; if mentions: INSERT_MENTIONS.
     *
     * @return the hashtags written, in order of first appearance
     */
    private List<Hashtag> writeLinks(UUID tweetId, List<String> texts, List<UUID> tagIds, List<Mention> mentions) {
        List<Hashtag> hashtags = List.of();
        if (!texts.isEmpty()) {
            hashtags = TweetAssembly.hashtagsInOrder(texts,
                    store.upsertHashtags(tagIds.toArray(UUID[]::new), texts.toArray(String[]::new)));
            store.insertTweetHashtags(tweetId, hashtags.stream().map(Hashtag::id).toArray(UUID[]::new));
        }
        if (!mentions.isEmpty()) {
            store.insertMentions(tweetId, mentions);
        }
        return hashtags;
    }

    /** The one by-name look-up when the text mentions anyone. */
    private CompletableFuture<List<UserSummary>> resolveMentions(List<String> names, String auth) {
        return names.isEmpty() ? CompletableFuture.completedFuture(List.of()) : services.usersByName(names, auth);
    }

    private static List<UUID> freshIds(int count) {
        List<UUID> ids = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ids.add(UUID.randomUUID());
        }
        return ids;
    }

    // ---- reads

    /** SUMMARY_BY_ID (404), HASHTAGS_OF, MENTIONS_OF, the enrichment call with [id], then the replies call. */
    public CompletableFuture<TweetWithReplies> tweet(String auth, String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> assembled(List.of(store.summaryById(tweetId).orElseThrow(TweetRules::tweetNotFound))))
                .thenCompose(tweets -> enriched(tweets, auth))
                .thenCompose(page -> withoutOnFailure(() -> services.replies(tweetId, auth), List.of())
                        .thenApply(replies -> TweetWithReplies.of(page.getFirst(), replies)));
    }

    public CompletableFuture<TweetSummary> summary(String rawTweetId) {
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        return db.run(() -> store.summaryById(tweetId).orElseThrow(TweetRules::tweetNotFound));
    }

    public CompletableFuture<List<TweetSummary>> userSummaries(String rawUserId) {
        UUID userId = Ids.parse("userId", rawUserId);
        return db.run(() -> store.byUser(userId, Paging.ALL));
    }

    /** BY_USER, then (unless empty) HASHTAGS_OF, MENTIONS_OF and the page's enrichment call. */
    public CompletableFuture<List<EnrichedTweet>> userTweets(String auth, String rawUserId, String page, String size) {
        UUID userId = Ids.parse("userId", rawUserId);
        Paging paging = Paging.parse(page, size);
        return db.run(() -> assembled(store.byUser(userId, paging))).thenCompose(tweets -> enriched(tweets, auth));
    }

    /**
     * The followed ids through the circuit breaker (the cached ids when it fails or is open), BY_USERS unless
     * nobody is followed, then (unless empty) HASHTAGS_OF, MENTIONS_OF and the page's enrichment call.
     */
    public CompletableFuture<List<EnrichedTweet>> feed(String auth, String rawUserId, String page, String size) {
        UUID userId = Ids.parse("userId", rawUserId);
        Paging paging = Paging.parse(page, size);
        return followed.of(userId, auth)
                .thenCompose(ids -> ids.isEmpty() ? CompletableFuture.completedFuture(List.<Tweet>of())
                        : db.run(() -> assembled(store.byUsers(ids.toArray(UUID[]::new), paging))))
                .thenCompose(tweets -> enriched(tweets, auth));
    }

    /** SEARCH_CONTENT; if any: HASHTAGS_OF, MENTIONS_OF and one by-id call for the authors. */
    public CompletableFuture<List<TweetWithUser>> search(String auth, String term) {
        String pattern = TextRules.containsPattern(term);
        return db.run(() -> assembled(store.searchContent(pattern, TweetRules.SEARCH_LIMIT)))
                .thenCompose(tweets -> tweets.isEmpty() ? CompletableFuture.completedFuture(List.<TweetWithUser>of())
                        : services.usersById(authors(tweets), auth)
                                .thenApply(users -> TweetAssembly.withUsers(tweets, users)));
    }

    /** SEARCH_HASHTAG; if any: HASHTAGS_OF, MENTIONS_OF. */
    public CompletableFuture<List<Tweet>> searchHashtag(String term) {
        String text = TweetRules.hashtagTerm(term);
        return db.run(() -> assembled(store.searchHashtag(text, TweetRules.SEARCH_LIMIT)));
    }

    public CompletableFuture<List<PopularHashtag>> popularHashtags() {
        return db.run(() -> store.popularHashtags(TweetRules.POPULAR_LIMIT));
    }

    public CompletableFuture<List<TweetDeletion>> deletions(String rawAfter, String rawLimit) {
        long after = TweetRules.after(rawAfter);
        int limit = TweetRules.deletionsLimit(rawLimit);
        return db.run(() -> store.deletionsAfter(after, limit));
    }

    /** (On the db executor.) A page with its hashtags and mentions: HASHTAGS_OF then MENTIONS_OF, neither when empty. */
    private List<Tweet> assembled(List<TweetSummary> page) {
        if (page.isEmpty()) {
            return List.of();
        }
        UUID[] ids = TweetAssembly.ids(page);
        var hashtags = store.hashtagsOf(ids);
        var mentions = store.mentionsOf(ids);
        return TweetAssembly.assemble(page, hashtags, mentions);
    }

    /** One enrichment call per batch of an assembled page, one after the other; no call for an empty page. */
    private CompletableFuture<List<EnrichedTweet>> enriched(List<Tweet> tweets, String auth) {
        if (tweets.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        CompletableFuture<List<TweetInteractionSummary>> all = CompletableFuture.completedFuture(new ArrayList<>());
        for (List<UUID> batch : TweetAssembly.summaryBatches(tweets.stream().map(Tweet::id).toList())) {
            all = all.thenCompose(done -> withoutOnFailure(() -> services.summaries(batch, auth),
                    List.<TweetInteractionSummary>of()).thenApply(more -> {
                done.addAll(more);
                return done;
            }));
        }
        return all.thenApply(summaries -> TweetAssembly.enrich(tweets, summaries));
    }

    /**
     * An enrichment call to the interaction service through the circuit breaker: when the service fails
     * (unreachable, 5xx, too slow) or the breaker is open, {@code without}, so the tweets go out without their
     * counts, top reply or replies instead of failing (docs/api/tweebyte.md, "Circuit breaker"). A 4xx (401) is
     * the caller's and passed on.
     */
    private <T> CompletableFuture<T> withoutOnFailure(Supplier<CompletionStage<T>> call, T without) {
        return CircuitBreaker.decorateCompletionStage(breaker, call).get().toCompletableFuture()
                .exceptionallyCompose(error -> TweebyteResilience.fallsBack(error)
                        ? CompletableFuture.completedFuture(without)
                        : CompletableFuture.failedFuture(TweebyteResilience.unwrap(error)));
    }

    /** TweetAssembly.authors of the page the tweets were assembled from: distinct author ids, in page order. */
    private static List<UUID> authors(List<Tweet> tweets) {
        return TweetAssembly.authors(tweets.stream()
                .map(t -> new TweetSummary(t.id(), t.userId(), t.content(), t.createdAt())).toList());
    }
}
