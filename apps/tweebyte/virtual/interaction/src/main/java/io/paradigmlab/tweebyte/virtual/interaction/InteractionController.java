package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.Follow;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.ReplyBody;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.RetweetBody;
import io.paradigmlab.tweebyte.domain.interaction.RetweetCreated;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * The contract's interaction endpoints. A {@link Caller} parameter means: a valid token is required; the
 * {@code Authorization} header is passed on, as received, to the services this one calls. Cached reads answer the
 * cached JSON as it is.
 */
@RestController
public class InteractionController {

    private static final String AUTH = HttpHeaders.AUTHORIZATION;

    private final FollowService follows;
    private final EngagementService engagement;
    private final RecommendationService recommendations;

    public InteractionController(FollowService follows, EngagementService engagement,
                                 RecommendationService recommendations) {
        this.follows = follows;
        this.engagement = engagement;
        this.recommendations = recommendations;
    }

    private static ResponseEntity<String> json(String body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }

    // ---- follows

    @PostMapping("/follows/{userId}/{followedId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void follow(Caller caller, @PathVariable String userId, @PathVariable String followedId,
                @RequestHeader(name = AUTH, required = false) String authorization) {
        follows.follow(caller, userId, followedId, authorization);
    }

    @PutMapping("/follows/{userId}/{followRequestId}/{status}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void answer(Caller caller, @PathVariable String userId, @PathVariable String followRequestId,
                @PathVariable String status) {
        follows.answer(caller, userId, followRequestId, status);
    }

    @DeleteMapping("/follows/{userId}/{followedId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void unfollow(Caller caller, @PathVariable String userId, @PathVariable String followedId) {
        follows.unfollow(caller, userId, followedId);
    }

    @GetMapping("/follows/{userId}/followers")
    List<Follow> followers(Caller caller, @PathVariable String userId,
                           @RequestHeader(name = AUTH, required = false) String authorization) {
        return follows.followers(userId, authorization);
    }

    @GetMapping("/follows/{userId}/following")
    ResponseEntity<String> following(Caller caller, @PathVariable String userId,
                                     @RequestHeader(name = AUTH, required = false) String authorization) {
        return json(follows.following(userId, authorization));
    }

    @GetMapping("/follows/{userId}/followers/count")
    ResponseEntity<String> followersCount(Caller caller, @PathVariable String userId) {
        return json(follows.followersCount(userId));
    }

    @GetMapping("/follows/{userId}/following/count")
    ResponseEntity<String> followingCount(Caller caller, @PathVariable String userId) {
        return json(follows.followingCount(userId));
    }

    @GetMapping("/follows/{userId}/following/identifiers")
    ResponseEntity<String> followingIds(Caller caller, @PathVariable String userId) {
        return json(follows.followingIds(userId));
    }

    @GetMapping("/follows/{userId}/requests")
    List<Follow> requests(Caller caller, @PathVariable String userId,
                          @RequestHeader(name = AUTH, required = false) String authorization) {
        return follows.requests(userId, authorization);
    }

    // ---- likes

    @PostMapping("/likes/{userId}/tweets/{tweetId}")
    Created likeTweet(Caller caller, @PathVariable String userId, @PathVariable String tweetId,
                      @RequestHeader(name = AUTH, required = false) String authorization) {
        return engagement.likeTweet(caller, userId, tweetId, authorization);
    }

    @DeleteMapping("/likes/{userId}/tweets/{tweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void unlikeTweet(Caller caller, @PathVariable String userId, @PathVariable String tweetId) {
        engagement.unlike(caller, userId, "tweetId", tweetId, LikeableType.TWEET);
    }

    @PostMapping("/likes/{userId}/replies/{replyId}")
    Created likeReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        return engagement.likeReply(caller, userId, replyId);
    }

    @DeleteMapping("/likes/{userId}/replies/{replyId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void unlikeReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        engagement.unlike(caller, userId, "replyId", replyId, LikeableType.REPLY);
    }

    @GetMapping("/likes/user/{userId}")
    List<Like> likesByUser(Caller caller, @PathVariable String userId) {
        return engagement.likesByUser(userId);
    }

    @GetMapping("/likes/tweet/{tweetId}")
    List<Like> likesOfTweet(Caller caller, @PathVariable String tweetId) {
        return engagement.likesOfTweet(tweetId);
    }

    @GetMapping("/likes/{tweetId}/count")
    long likesCount(Caller caller, @PathVariable String tweetId) {
        return engagement.likesCount(tweetId);
    }

    // ---- replies

    @PostMapping(path = "/replies/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    IdResponse reply(Caller caller, @PathVariable String userId, @RequestBody ReplyBody body,
                     @RequestHeader(name = AUTH, required = false) String authorization) {
        return engagement.reply(caller, userId, body, authorization);
    }

    @PutMapping(path = "/replies/{userId}/{replyId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Reply editReply(Caller caller, @PathVariable String userId, @PathVariable String replyId,
                    @RequestBody ReplyBody body) {
        return engagement.editReply(caller, userId, replyId, body);
    }

    @DeleteMapping("/replies/{userId}/{replyId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void deleteReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        engagement.deleteReply(caller, userId, replyId);
    }

    @GetMapping("/replies/tweet/{tweetId}")
    List<Reply> replies(Caller caller, @PathVariable String tweetId) {
        return engagement.replies(tweetId);
    }

    @GetMapping("/replies/tweet/{tweetId}/count")
    long repliesCount(Caller caller, @PathVariable String tweetId) {
        return engagement.repliesCount(tweetId);
    }

    @GetMapping("/replies/tweet/{tweetId}/top")
    Reply topReply(Caller caller, @PathVariable String tweetId) {
        return engagement.topReply(tweetId);
    }

    // ---- retweets

    @PostMapping(path = "/retweets/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    RetweetCreated retweet(Caller caller, @PathVariable String userId, @RequestBody RetweetBody body,
                           @RequestHeader(name = AUTH, required = false) String authorization) {
        return engagement.retweet(caller, userId, body, authorization);
    }

    @PutMapping(path = "/retweets/{userId}/{retweetId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Retweet editRetweet(Caller caller, @PathVariable String userId, @PathVariable String retweetId,
                        @RequestBody RetweetBody body) {
        return engagement.editRetweet(caller, userId, retweetId, body);
    }

    @DeleteMapping("/retweets/{userId}/{retweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void deleteRetweet(Caller caller, @PathVariable String userId, @PathVariable String retweetId) {
        engagement.deleteRetweet(caller, userId, retweetId);
    }

    @GetMapping("/retweets/user/{userId}")
    List<Retweet> retweetsByUser(Caller caller, @PathVariable String userId) {
        return engagement.retweetsByUser(userId);
    }

    @GetMapping("/retweets/tweet/{tweetId}")
    List<Retweet> retweetsOfTweet(Caller caller, @PathVariable String tweetId) {
        return engagement.retweetsOfTweet(tweetId);
    }

    @GetMapping("/retweets/tweet/{tweetId}/count")
    long retweetsCount(Caller caller, @PathVariable String tweetId) {
        return engagement.retweetsCount(tweetId);
    }

    // ---- recommendations

    @GetMapping("/recommendations/{userId}/follow")
    List<UserSummary> recommendedUsers(Caller caller, @PathVariable String userId,
                                       @RequestHeader(name = AUTH, required = false) String authorization) {
        return recommendations.users(userId, authorization);
    }

    @GetMapping("/recommendations/hashtags")
    List<PopularHashtag> recommendedHashtags(Caller caller,
                                             @RequestHeader(name = AUTH, required = false) String authorization) {
        return recommendations.hashtags(authorization);
    }

    @PostMapping(path = "/recommendations/tweet/summary", consumes = MediaType.APPLICATION_JSON_VALUE)
    List<TweetInteractionSummary> tweetSummaries(Caller caller, @RequestBody List<String> tweetIds) {
        return recommendations.tweetSummaries(tweetIds);
    }
}
