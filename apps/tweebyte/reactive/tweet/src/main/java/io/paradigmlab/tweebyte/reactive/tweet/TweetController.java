package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.tweebyte.domain.tweet.EnrichedTweet;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.Tweet;
import io.paradigmlab.tweebyte.domain.tweet.TweetBody;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithReplies;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithUser;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The contract's tweet endpoints and the internal deletions feed. A {@link Caller} parameter (always first)
 * means: a valid token is required; the Authorization header goes on, as received, to the services called.
 */
@RestController
public class TweetController {

    private static final String AUTH = HttpHeaders.AUTHORIZATION;

    private final TweetService tweets;

    public TweetController(TweetService tweets) {
        this.tweets = tweets;
    }

    @PostMapping(path = "/tweets/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<IdResponse> create(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                            @PathVariable String userId, @RequestBody TweetBody body) {
        return tweets.create(caller, auth, userId, body);
    }

    @PutMapping(path = "/tweets/{tweetId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<Tweet> update(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                       @PathVariable String tweetId, @RequestBody TweetBody body) {
        return tweets.update(caller, auth, tweetId, body);
    }

    @DeleteMapping("/tweets/{tweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> delete(Caller caller, @PathVariable String tweetId) {
        return tweets.delete(caller, tweetId);
    }

    @GetMapping("/tweets/{tweetId}")
    Mono<TweetWithReplies> tweet(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                 @PathVariable String tweetId) {
        return tweets.tweet(auth, tweetId);
    }

    @GetMapping("/tweets/{tweetId}/summary")
    Mono<TweetSummary> summary(Caller caller, @PathVariable String tweetId) {
        return tweets.summary(tweetId);
    }

    @GetMapping("/tweets/user/{userId}/summary")
    Mono<List<TweetSummary>> userSummaries(Caller caller, @PathVariable String userId) {
        return tweets.userSummaries(userId);
    }

    @GetMapping("/tweets/user/{userId}")
    Mono<List<EnrichedTweet>> userTweets(Caller caller,
                                         @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                         @PathVariable String userId,
                                         @RequestParam(required = false) @Nullable String page,
                                         @RequestParam(required = false) @Nullable String size) {
        return tweets.userTweets(auth, userId, page, size);
    }

    @GetMapping("/tweets/{userId}/feed")
    Mono<List<EnrichedTweet>> feed(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                   @PathVariable String userId,
                                   @RequestParam(required = false) @Nullable String page,
                                   @RequestParam(required = false) @Nullable String size) {
        return tweets.feed(auth, userId, page, size);
    }

    @GetMapping("/tweets/search/{term}")
    Mono<List<TweetWithUser>> search(Caller caller, @RequestHeader(name = AUTH, required = false) @Nullable String auth,
                                     @PathVariable String term) {
        return tweets.search(auth, term);
    }

    @GetMapping("/tweets/search/hashtag/{term}")
    Mono<List<Tweet>> searchHashtag(Caller caller, @PathVariable String term) {
        return tweets.searchHashtag(term);
    }

    @GetMapping("/tweets/hashtag/popular")
    Mono<List<PopularHashtag>> popularHashtags(Caller caller) {
        return tweets.popularHashtags();
    }

    /** Internal (no token): the tombstones the interaction service's cleanup job reads. */
    @GetMapping("/internal/tweets/deletions")
    Mono<List<TweetDeletion>> deletions(@RequestParam(required = false) @Nullable String after,
                                        @RequestParam(required = false) @Nullable String limit) {
        return tweets.deletions(after, limit);
    }
}
