package io.paradigmlab.tweebyte.async.tweet;

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
import java.util.concurrent.CompletableFuture;
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

/**
 * The contract's tweet endpoints and the internal deletions feed, answering with futures. A {@link Caller}
 * parameter (always first) means: a valid token is required; the Authorization header goes on, as received, to the
 * services called.
 */
@RestController
public class TweetController {

    private static final String AUTH = HttpHeaders.AUTHORIZATION;

    private final AsyncTweetService tweets;

    public TweetController(AsyncTweetService tweets) {
        this.tweets = tweets;
    }

    @PostMapping(path = "/tweets/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    CompletableFuture<IdResponse> create(Caller caller, @RequestHeader(name = AUTH, required = false) String auth,
                                         @PathVariable String userId, @RequestBody TweetBody body) {
        return tweets.create(caller, auth, userId, body);
    }

    @PutMapping(path = "/tweets/{tweetId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    CompletableFuture<Tweet> update(Caller caller, @RequestHeader(name = AUTH, required = false) String auth,
                                    @PathVariable String tweetId, @RequestBody TweetBody body) {
        return tweets.update(caller, auth, tweetId, body);
    }

    @DeleteMapping("/tweets/{tweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    CompletableFuture<Void> delete(Caller caller, @PathVariable String tweetId) {
        return tweets.delete(caller, tweetId);
    }

    @GetMapping("/tweets/{tweetId}")
    CompletableFuture<TweetWithReplies> tweet(Caller caller, @RequestHeader(name = AUTH, required = false) String auth,
                                              @PathVariable String tweetId) {
        return tweets.tweet(auth, tweetId);
    }

    @GetMapping("/tweets/{tweetId}/summary")
    CompletableFuture<TweetSummary> summary(Caller caller, @PathVariable String tweetId) {
        return tweets.summary(tweetId);
    }

    @GetMapping("/tweets/user/{userId}/summary")
    CompletableFuture<List<TweetSummary>> userSummaries(Caller caller, @PathVariable String userId) {
        return tweets.userSummaries(userId);
    }

    @GetMapping("/tweets/user/{userId}")
    CompletableFuture<List<EnrichedTweet>> userTweets(Caller caller,
                                                      @RequestHeader(name = AUTH, required = false) String auth,
                                                      @PathVariable String userId,
                                                      @RequestParam(required = false) String page,
                                                      @RequestParam(required = false) String size) {
        return tweets.userTweets(auth, userId, page, size);
    }

    @GetMapping("/tweets/{userId}/feed")
    CompletableFuture<List<EnrichedTweet>> feed(Caller caller, @RequestHeader(name = AUTH, required = false) String auth,
                                                @PathVariable String userId,
                                                @RequestParam(required = false) String page,
                                                @RequestParam(required = false) String size) {
        return tweets.feed(auth, userId, page, size);
    }

    @GetMapping("/tweets/search/{term}")
    CompletableFuture<List<TweetWithUser>> search(Caller caller,
                                                  @RequestHeader(name = AUTH, required = false) String auth,
                                                  @PathVariable String term) {
        return tweets.search(auth, term);
    }

    @GetMapping("/tweets/search/hashtag/{term}")
    CompletableFuture<List<Tweet>> searchHashtag(Caller caller, @PathVariable String term) {
        return tweets.searchHashtag(term);
    }

    @GetMapping("/tweets/hashtag/popular")
    CompletableFuture<List<PopularHashtag>> popularHashtags(Caller caller) {
        return tweets.popularHashtags();
    }

    /** Internal (no token; the gateway does not route it): the tombstones the cleanup job reads. */
    @GetMapping("/internal/tweets/deletions")
    CompletableFuture<List<TweetDeletion>> deletions(@RequestParam(required = false) String after,
                                                     @RequestParam(required = false) String limit) {
        return tweets.deletions(after, limit);
    }
}
