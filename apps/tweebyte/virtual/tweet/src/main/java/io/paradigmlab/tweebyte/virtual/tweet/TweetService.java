package io.paradigmlab.tweebyte.virtual.tweet;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.paging.Paging;
import io.paradigmlab.tweebyte.domain.text.TextParsing;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import io.paradigmlab.tweebyte.domain.tweet.EnrichedTweet;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
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
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Tweets, in plain blocking code on the request's virtual thread: JDBC, the calls to the other services and Redis
 * all simply wait. Statements and calls follow docs/api/tweebyte.md in the same order as every other variant.
 */
@Service
public class TweetService {

    private final JdbcTweetStore store;
    private final TransactionTemplate transaction;
    private final OtherServices services;
    private final FollowedUsers followed;
    private final CircuitBreaker breaker;

    public TweetService(JdbcTweetStore store, TransactionTemplate transaction, OtherServices services,
                        FollowedUsers followed, CircuitBreaker interactionBreaker) {
        this.store = store;
        this.transaction = transaction;
        this.services = services;
        this.followed = followed;
        this.breaker = interactionBreaker;
    }

    // ---- writes

    public IdResponse create(Caller caller, String rawUserId, TweetBody body, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        if (caller.checked() && !caller.userId().equals(userId)) {
            throw new ApiException.Forbidden(TweetRules.NOT_AUTHOR_POST);
        }
        String content = TweetRules.validContent(body);
        List<String> hashtags = TextParsing.hashtags(content);
        List<Mention> mentions = resolveMentions(content, authorization);
        UUID id = UUID.randomUUID();
        transaction.executeWithoutResult(status -> {
            store.insertTweet(id, userId, content);
            writeLinks(id, hashtags, mentions);
        });
        return new IdResponse(id);
    }

    /**
     * 404, then 403, then the content rule (docs/api/tweebyte.md): the content is checked first, but an invalid one
     * is reported only after the row was found and its author checked; the mention call (valid content only) comes
     * before the transaction, so no row lock is held across an HTTP call.
     */
    public Tweet update(Caller caller, String rawId, TweetBody body, String authorization) {
        UUID id = Ids.parse("tweetId", rawId);
        String valid;
        ApiException.BadRequest invalid;
        try {
            valid = TweetRules.validContent(body);
            invalid = null;
        } catch (ApiException.BadRequest e) {
            valid = null;
            invalid = e;
        }
        String content = valid;
        ApiException.BadRequest contentError = invalid;
        List<Mention> mentions = content == null ? List.of() : resolveMentions(content, authorization);
        return transaction.execute(status -> {
            UUID author = store.ownerForUpdate(id).orElseThrow(TweetRules::tweetNotFound);
            TweetRules.requireAuthor(caller.userId(), author);
            if (contentError != null) {
                throw contentError;
            }
            store.updateContent(id, content);
            store.deleteTweetHashtags(id);
            store.deleteMentions(id);
            List<Hashtag> hashtags = writeLinks(id, TextParsing.hashtags(content), mentions);
            TweetSummary row = store.summaryById(id).orElseThrow(TweetRules::tweetNotFound);
            return new Tweet(row.id(), row.userId(), row.content(), row.createdAt(), mentions, hashtags);
        });
    }

    public void delete(Caller caller, String rawId) {
        UUID id = Ids.parse("tweetId", rawId);
        transaction.executeWithoutResult(status -> {
            UUID author = store.ownerForUpdate(id).orElseThrow(TweetRules::tweetNotFound);
            TweetRules.requireAuthor(caller.userId(), author);
            store.deleteTweet(id);
            store.insertDeletion(id);
        });
    }

    /** One by-name call when the text mentions anyone; unknown names are dropped. */
    private List<Mention> resolveMentions(String content, String authorization) {
        List<String> names = TextParsing.mentions(content);
        if (names.isEmpty()) {
            return List.of();
        }
        List<UserSummary> found = services.usersByName(names, authorization);
        List<UUID> ids = Stream.generate(UUID::randomUUID).limit(found.size()).toList();
        return TweetAssembly.mentions(names, found, ids);
    }

    /** Hashtags (upsert, then links) and mentions of a tweet, inside the caller's transaction. */
    private List<Hashtag> writeLinks(UUID tweetId, List<String> texts, List<Mention> mentions) {
        List<Hashtag> hashtags = List.of();
        if (!texts.isEmpty()) {
            UUID[] fresh = Stream.generate(UUID::randomUUID).limit(texts.size()).toArray(UUID[]::new);
            List<Hashtag> upserted = store.upsertHashtags(fresh, texts.toArray(String[]::new));
            hashtags = TweetAssembly.hashtagsInOrder(texts, upserted);
            store.insertTweetHashtags(tweetId, hashtags.stream().map(Hashtag::id).toArray(UUID[]::new));
        }
        if (!mentions.isEmpty()) {
            store.insertMentions(tweetId, mentions);
        }
        return hashtags;
    }

    // ---- reads

    public TweetWithReplies tweet(String rawId, String authorization) {
        UUID id = Ids.parse("tweetId", rawId);
        TweetSummary row = store.summaryById(id).orElseThrow(TweetRules::tweetNotFound);
        EnrichedTweet tweet = enriched(List.of(row), authorization).getFirst();
        return TweetWithReplies.of(tweet, withoutOnFailure(() -> services.replies(id, authorization), List.of()));
    }

    public List<EnrichedTweet> userTweets(String rawUserId, String page, String size, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        Paging paging = Paging.parse(page, size);
        return enriched(store.byUser(userId, paging), authorization);
    }

    public List<EnrichedTweet> feed(String rawUserId, String page, String size, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        Paging paging = Paging.parse(page, size);
        List<UUID> followedIds = followed.of(userId, authorization);
        if (followedIds.isEmpty()) {
            return List.of();
        }
        return enriched(store.byUsers(followedIds.toArray(UUID[]::new), paging), authorization);
    }

    public TweetSummary summary(String rawId) {
        return store.summaryById(Ids.parse("tweetId", rawId)).orElseThrow(TweetRules::tweetNotFound);
    }

    public List<TweetSummary> userSummaries(String rawUserId) {
        return store.byUser(Ids.parse("userId", rawUserId), Paging.ALL);
    }

    public List<TweetWithUser> search(String term, String authorization) {
        String pattern = TextRules.containsPattern(term);
        List<TweetSummary> page = store.searchContent(pattern, TweetRules.SEARCH_LIMIT);
        if (page.isEmpty()) {
            return List.of();
        }
        List<Tweet> tweets = assembled(page);
        return TweetAssembly.withUsers(tweets, services.usersById(TweetAssembly.authors(page), authorization));
    }

    public List<Tweet> searchHashtag(String term) {
        String text = TweetRules.hashtagTerm(term);
        List<TweetSummary> page = store.searchHashtag(text, TweetRules.SEARCH_LIMIT);
        return page.isEmpty() ? List.of() : assembled(page);
    }

    public List<PopularHashtag> popularHashtags() {
        return store.popularHashtags(TweetRules.POPULAR_LIMIT);
    }

    public List<TweetDeletion> deletions(String after, String limit) {
        return store.deletionsAfter(TweetRules.after(after), TweetRules.deletionsLimit(limit));
    }

    /** A non-empty page: its hashtags and mentions (one statement each). */
    private List<Tweet> assembled(List<TweetSummary> page) {
        UUID[] ids = TweetAssembly.ids(page);
        return TweetAssembly.assemble(page, store.hashtagsOf(ids), store.mentionsOf(ids));
    }

    /**
     * A page of enriched tweets: hashtags, mentions, then one call per enrichment batch, one after the other; an
     * empty page does none of them.
     */
    private List<EnrichedTweet> enriched(List<TweetSummary> page, String authorization) {
        if (page.isEmpty()) {
            return List.of();
        }
        List<Tweet> tweets = assembled(page);
        List<TweetInteractionSummary> summaries = new ArrayList<>();
        for (List<UUID> batch : TweetAssembly.summaryBatches(tweets.stream().map(Tweet::id).toList())) {
            summaries.addAll(withoutOnFailure(() -> services.tweetSummaries(batch.toArray(UUID[]::new), authorization),
                    List.of()));
        }
        return TweetAssembly.enrich(tweets, summaries);
    }

    /**
     * An enrichment call to the interaction service through the circuit breaker: when the service fails
     * (unreachable, 5xx, too slow) or the breaker is open, {@code without}, so the tweets go out without their
     * counts, top reply or replies instead of failing (docs/api/tweebyte.md, "Circuit breaker"). A 4xx (401) is
     * the caller's and passed on.
     */
    private <T> T withoutOnFailure(Supplier<T> call, T without) {
        try {
            return breaker.executeSupplier(call);
        } catch (RuntimeException e) {
            if (TweebyteResilience.fallsBack(e)) {
                return without;
            }
            throw e;
        }
    }
}
