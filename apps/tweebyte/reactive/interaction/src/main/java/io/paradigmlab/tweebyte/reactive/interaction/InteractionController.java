package io.paradigmlab.tweebyte.reactive.interaction;

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
import org.jspecify.annotations.Nullable;
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
import reactor.core.publisher.Mono;

/**
 * The contract's interaction endpoints. A {@link Caller} parameter (always first) means: a valid token is
 * required; the Authorization header goes on, as received, to the services called. The four cached reads answer
 * the cached JSON itself, byte for byte what a miss serializes.
 */
@RestController
public class InteractionController {

    private static final String AUTH = HttpHeaders.AUTHORIZATION;

    private final InteractionService interactions;

    public InteractionController(InteractionService interactions) {
        this.interactions = interactions;
    }

    // ---- follows

    @PostMapping("/follows/{userId}/{followedId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> follow(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                      @PathVariable String userId, @PathVariable String followedId) {
        return interactions.follow(caller, auth, userId, followedId);
    }

    @PutMapping("/follows/{userId}/{followRequestId}/{status}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> answer(Caller caller, @PathVariable String userId, @PathVariable String followRequestId,
                      @PathVariable String status) {
        return interactions.answer(caller, userId, followRequestId, status);
    }

    @DeleteMapping("/follows/{userId}/{followedId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> unfollow(Caller caller, @PathVariable String userId, @PathVariable String followedId) {
        return interactions.unfollow(caller, userId, followedId);
    }

    @GetMapping("/follows/{userId}/followers")
    Mono<List<Follow>> followers(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                 @PathVariable String userId) {
        return interactions.followers(auth, userId);
    }

    @GetMapping("/follows/{userId}/following")
    Mono<ResponseEntity<String>> following(Caller caller,
                                           @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                           @PathVariable String userId) {
        return json(interactions.following(auth, userId));
    }

    @GetMapping("/follows/{userId}/followers/count")
    Mono<ResponseEntity<String>> followersCount(Caller caller, @PathVariable String userId) {
        return json(interactions.followersCount(userId));
    }

    @GetMapping("/follows/{userId}/following/count")
    Mono<ResponseEntity<String>> followingCount(Caller caller, @PathVariable String userId) {
        return json(interactions.followingCount(userId));
    }

    @GetMapping("/follows/{userId}/following/identifiers")
    Mono<ResponseEntity<String>> followingIds(Caller caller, @PathVariable String userId) {
        return json(interactions.followingIds(userId));
    }

    @GetMapping("/follows/{userId}/requests")
    Mono<List<Follow>> requests(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                @PathVariable String userId) {
        return interactions.requests(auth, userId);
    }

    // ---- likes

    @PostMapping("/likes/{userId}/tweets/{tweetId}")
    Mono<Created> likeTweet(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                            @PathVariable String userId, @PathVariable String tweetId) {
        return interactions.likeTweet(caller, auth, userId, tweetId);
    }

    @DeleteMapping("/likes/{userId}/tweets/{tweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> unlikeTweet(Caller caller, @PathVariable String userId, @PathVariable String tweetId) {
        return interactions.unlike(caller, userId, "tweetId", tweetId, LikeableType.TWEET);
    }

    @PostMapping("/likes/{userId}/replies/{replyId}")
    Mono<Created> likeReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        return interactions.likeReply(caller, userId, replyId);
    }

    @DeleteMapping("/likes/{userId}/replies/{replyId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> unlikeReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        return interactions.unlike(caller, userId, "replyId", replyId, LikeableType.REPLY);
    }

    @GetMapping("/likes/user/{userId}")
    Mono<List<Like>> likesByUser(Caller caller, @PathVariable String userId) {
        return interactions.likesByUser(userId);
    }

    @GetMapping("/likes/tweet/{tweetId}")
    Mono<List<Like>> likesOfTweet(Caller caller, @PathVariable String tweetId) {
        return interactions.likesOfTweet(tweetId);
    }

    @GetMapping("/likes/{tweetId}/count")
    Mono<Long> likesCount(Caller caller, @PathVariable String tweetId) {
        return interactions.likesCount(tweetId);
    }

    // ---- replies

    @PostMapping(path = "/replies/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<IdResponse> reply(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                           @PathVariable String userId, @RequestBody ReplyBody body) {
        return interactions.reply(caller, auth, userId, body);
    }

    @PutMapping(path = "/replies/{userId}/{replyId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<Reply> editReply(Caller caller, @PathVariable String userId, @PathVariable String replyId,
                          @RequestBody ReplyBody body) {
        return interactions.editReply(caller, userId, replyId, body);
    }

    @DeleteMapping("/replies/{userId}/{replyId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> deleteReply(Caller caller, @PathVariable String userId, @PathVariable String replyId) {
        return interactions.deleteReply(caller, userId, replyId);
    }

    @GetMapping("/replies/tweet/{tweetId}")
    Mono<List<Reply>> repliesOfTweet(Caller caller, @PathVariable String tweetId) {
        return interactions.repliesOfTweet(tweetId);
    }

    @GetMapping("/replies/tweet/{tweetId}/count")
    Mono<Long> repliesCount(Caller caller, @PathVariable String tweetId) {
        return interactions.repliesCount(tweetId);
    }

    @GetMapping("/replies/tweet/{tweetId}/top")
    Mono<Reply> topReply(Caller caller, @PathVariable String tweetId) {
        return interactions.topReply(tweetId);
    }

    // ---- retweets

    @PostMapping(path = "/retweets/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<RetweetCreated> retweet(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                 @PathVariable String userId, @RequestBody RetweetBody body) {
        return interactions.retweet(caller, auth, userId, body);
    }

    @PutMapping(path = "/retweets/{userId}/{retweetId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<Retweet> editRetweet(Caller caller, @PathVariable String userId, @PathVariable String retweetId,
                              @RequestBody RetweetBody body) {
        return interactions.editRetweet(caller, userId, retweetId, body);
    }

    @DeleteMapping("/retweets/{userId}/{retweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> deleteRetweet(Caller caller, @PathVariable String userId, @PathVariable String retweetId) {
        return interactions.deleteRetweet(caller, userId, retweetId);
    }

    @GetMapping("/retweets/user/{userId}")
    Mono<List<Retweet>> retweetsByUser(Caller caller, @PathVariable String userId) {
        return interactions.retweetsByUser(userId);
    }

    @GetMapping("/retweets/tweet/{tweetId}")
    Mono<List<Retweet>> retweetsOfTweet(Caller caller, @PathVariable String tweetId) {
        return interactions.retweetsOfTweet(tweetId);
    }

    @GetMapping("/retweets/tweet/{tweetId}/count")
    Mono<Long> retweetsCount(Caller caller, @PathVariable String tweetId) {
        return interactions.retweetsCount(tweetId);
    }

    // ---- recommendations

    @GetMapping("/recommendations/{userId}/follow")
    Mono<List<UserSummary>> recommendedUsers(Caller caller,
                                             @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                             @PathVariable String userId) {
        return interactions.recommendedUsers(auth, userId);
    }

    @GetMapping("/recommendations/hashtags")
    Mono<List<PopularHashtag>> popularHashtags(Caller caller,
                                               @RequestHeader(name = AUTH, required = false) @Nullable String auth) {
        return interactions.popularHashtags(auth);
    }

    @PostMapping(path = "/recommendations/tweet/summary", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<TweetInteractionSummary>> tweetSummaries(Caller caller, @RequestBody List<String> tweetIds) {
        return interactions.tweetSummaries(tweetIds);
    }

    /** Already JSON (cached or just serialized): written as it is. */
    private static Mono<ResponseEntity<String>> json(Mono<String> body) {
        return body.map(value -> ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(value));
    }
}
