package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.ReplyBody;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.RetweetBody;
import io.paradigmlab.tweebyte.domain.interaction.RetweetCreated;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import io.paradigmlab.tweebyte.security.Caller;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Likes, replies and retweets, in plain blocking code on the request's virtual thread. Edits check the path's
 * owner (403) and the body (400) before the row is read for its existence (404) and author (403).
 */
@Service
public class EngagementService {

    private final JdbcInteractionStore store;
    private final TransactionTemplate transaction;
    private final OtherServices services;

    public EngagementService(JdbcInteractionStore store, TransactionTemplate transaction, OtherServices services) {
        this.store = store;
        this.transaction = transaction;
        this.services = services;
    }

    // ---- likes

    public Created likeTweet(Caller caller, String rawUserId, String rawTweetId, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID tweetId = Ids.parse("tweetId", rawTweetId);
        InteractionRules.requireOwner(caller.userId(), userId);
        services.tweet(tweetId, authorization);
        return like(userId, tweetId, LikeableType.TWEET);
    }

    public Created likeReply(Caller caller, String rawUserId, String rawReplyId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID replyId = Ids.parse("replyId", rawReplyId);
        InteractionRules.requireOwner(caller.userId(), userId);
        store.replyOwner(replyId).orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
        return like(userId, replyId, LikeableType.REPLY);
    }

    private Created like(UUID userId, UUID likeableId, LikeableType type) {
        return store.insertLike(UUID.randomUUID(), userId, likeableId, type)
                .orElseThrow(() -> new ApiException.Conflict(List.of(InteractionRules.ALREADY_LIKED)));
    }

    public void unlike(Caller caller, String rawUserId, String field, String rawLikeableId, LikeableType type) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID likeableId = Ids.parse(field, rawLikeableId);
        InteractionRules.requireOwner(caller.userId(), userId);
        if (!store.deleteLike(userId, likeableId, type)) {
            throw InteractionRules.notFound(InteractionRules.LIKE_NOT_FOUND);
        }
    }

    public List<Like> likesByUser(String rawUserId) {
        return store.likesByUser(Ids.parse("userId", rawUserId));
    }

    public List<Like> likesOfTweet(String rawTweetId) {
        return store.likesOfTweet(Ids.parse("tweetId", rawTweetId));
    }

    public long likesCount(String rawTweetId) {
        return store.likesCountOfTweet(Ids.parse("tweetId", rawTweetId));
    }

    // ---- replies

    public IdResponse reply(Caller caller, String rawUserId, ReplyBody body, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.ValidReply reply = InteractionRules.validNewReply(body);
        services.tweet(reply.tweetId(), authorization);
        UUID id = UUID.randomUUID();
        store.insertReply(id, userId, reply.tweetId(), reply.content());
        return new IdResponse(id);
    }

    /** Owner, body (400), REPLY_OWNER (404, 403), UPDATE_REPLY. */
    public Reply editReply(Caller caller, String rawUserId, String rawReplyId, ReplyBody body) {
        UUID replyId = owned(caller, rawUserId, "replyId", rawReplyId);
        String content = InteractionRules.validReplyEdit(body);
        requireReplyAuthor(caller, replyId);
        return store.updateReply(replyId, content)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
    }

    /** Owner, REPLY_OWNER (404, 403), then one transaction: DELETE_REPLY_LIKES, DELETE_REPLY. */
    public void deleteReply(Caller caller, String rawUserId, String rawReplyId) {
        UUID replyId = owned(caller, rawUserId, "replyId", rawReplyId);
        requireReplyAuthor(caller, replyId);
        transaction.executeWithoutResult(status -> {
            store.deleteReplyLikes(replyId);
            store.deleteReply(replyId);
        });
    }

    /** Path ids ({@code userId} and the other), then the owner check; answers the other id. */
    private static UUID owned(Caller caller, String rawUserId, String field, String rawId) {
        UUID userId = Ids.parse("userId", rawUserId);
        UUID id = Ids.parse(field, rawId);
        InteractionRules.requireOwner(caller.userId(), userId);
        return id;
    }

    /** REPLY_OWNER: 404 without the reply, 403 unless the caller wrote it. */
    private void requireReplyAuthor(Caller caller, UUID replyId) {
        UUID author = store.replyOwner(replyId)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
        InteractionRules.requireAuthor(caller.userId(), author, InteractionRules.NOT_REPLY_AUTHOR);
    }

    public List<Reply> replies(String rawTweetId) {
        return store.repliesOfTweet(Ids.parse("tweetId", rawTweetId));
    }

    public long repliesCount(String rawTweetId) {
        return store.repliesCount(Ids.parse("tweetId", rawTweetId));
    }

    public Reply topReply(String rawTweetId) {
        return store.topReply(Ids.parse("tweetId", rawTweetId))
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.REPLY_NOT_FOUND));
    }

    // ---- retweets

    public RetweetCreated retweet(Caller caller, String rawUserId, RetweetBody body, String authorization) {
        UUID userId = Ids.parse("userId", rawUserId);
        InteractionRules.requireOwner(caller.userId(), userId);
        InteractionRules.ValidRetweet retweet = InteractionRules.validNewRetweet(body);
        TweetSummary tweet = services.tweet(retweet.originalTweetId(), authorization);
        UserSummary user = services.user(userId, authorization);
        UUID id = UUID.randomUUID();
        Instant createdAt = store.insertRetweet(id, userId, retweet.originalTweetId(), retweet.content());
        return new RetweetCreated(id, createdAt, retweet.content(), user, tweet);
    }

    /** Owner, body (400), RETWEET_OWNER (404, 403), UPDATE_RETWEET. */
    public Retweet editRetweet(Caller caller, String rawUserId, String rawRetweetId, RetweetBody body) {
        UUID retweetId = owned(caller, rawUserId, "retweetId", rawRetweetId);
        String content = InteractionRules.validRetweetEdit(body);
        requireRetweetAuthor(caller, retweetId);
        return store.updateRetweet(retweetId, content)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND));
    }

    /** Owner, RETWEET_OWNER (404, 403), DELETE_RETWEET. */
    public void deleteRetweet(Caller caller, String rawUserId, String rawRetweetId) {
        UUID retweetId = owned(caller, rawUserId, "retweetId", rawRetweetId);
        requireRetweetAuthor(caller, retweetId);
        store.deleteRetweet(retweetId);
    }

    /** RETWEET_OWNER: 404 without the retweet, 403 unless the caller wrote it. */
    private void requireRetweetAuthor(Caller caller, UUID retweetId) {
        UUID author = store.retweetOwner(retweetId)
                .orElseThrow(() -> InteractionRules.notFound(InteractionRules.RETWEET_NOT_FOUND));
        InteractionRules.requireAuthor(caller.userId(), author, InteractionRules.NOT_RETWEET_AUTHOR);
    }

    public List<Retweet> retweetsByUser(String rawUserId) {
        return store.retweetsByUser(Ids.parse("userId", rawUserId));
    }

    public List<Retweet> retweetsOfTweet(String rawTweetId) {
        return store.retweetsOfTweet(Ids.parse("tweetId", rawTweetId));
    }

    public long retweetsCount(String rawTweetId) {
        return store.retweetsCount(Ids.parse("tweetId", rawTweetId));
    }
}
