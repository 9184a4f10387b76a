package io.paradigmlab.tweebyte.virtual.tweet;

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
 * The contract's tweet endpoints. A {@link Caller} parameter means: a valid token is required; the
 * {@code Authorization} header is passed on, as received, to the services this one calls.
 */
@RestController
public class TweetController {

    private static final String AUTH = HttpHeaders.AUTHORIZATION;

    private final TweetService tweets;

    public TweetController(TweetService tweets) {
        this.tweets = tweets;
    }

    @PostMapping(path = "/tweets/{userId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    IdResponse create(Caller caller, @PathVariable String userId, @RequestBody TweetBody body,
                      @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.create(caller, userId, body, authorization);
    }

    @PutMapping(path = "/tweets/{tweetId}", consumes = MediaType.APPLICATION_JSON_VALUE)
    Tweet update(Caller caller, @PathVariable String tweetId, @RequestBody TweetBody body,
                 @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.update(caller, tweetId, body, authorization);
    }

    @DeleteMapping("/tweets/{tweetId}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(Caller caller, @PathVariable String tweetId) {
        tweets.delete(caller, tweetId);
    }

    @GetMapping("/tweets/{tweetId}")
    TweetWithReplies tweet(Caller caller, @PathVariable String tweetId,
                           @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.tweet(tweetId, authorization);
    }

    @GetMapping("/tweets/user/{userId}")
    List<EnrichedTweet> userTweets(Caller caller, @PathVariable String userId,
                                   @RequestParam(required = false) String page,
                                   @RequestParam(required = false) String size,
                                   @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.userTweets(userId, page, size, authorization);
    }

    @GetMapping("/tweets/{userId}/feed")
    List<EnrichedTweet> feed(Caller caller, @PathVariable String userId,
                             @RequestParam(required = false) String page,
                             @RequestParam(required = false) String size,
                             @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.feed(userId, page, size, authorization);
    }

    @GetMapping("/tweets/{tweetId}/summary")
    TweetSummary summary(Caller caller, @PathVariable String tweetId) {
        return tweets.summary(tweetId);
    }

    @GetMapping("/tweets/user/{userId}/summary")
    List<TweetSummary> userSummaries(Caller caller, @PathVariable String userId) {
        return tweets.userSummaries(userId);
    }

    @GetMapping("/tweets/search/{term}")
    List<TweetWithUser> search(Caller caller, @PathVariable String term,
                               @RequestHeader(name = AUTH, required = false) String authorization) {
        return tweets.search(term, authorization);
    }

    @GetMapping("/tweets/search/hashtag/{term}")
    List<Tweet> searchHashtag(Caller caller, @PathVariable String term) {
        return tweets.searchHashtag(term);
    }

    @GetMapping("/tweets/hashtag/popular")
    List<PopularHashtag> popularHashtags(Caller caller) {
        return tweets.popularHashtags();
    }

    /** Internal (no token; the gateway does not route it): tombstones for the interaction service's cleanup. */
    @GetMapping("/internal/tweets/deletions")
    List<TweetDeletion> deletions(@RequestParam(required = false) String after,
                                  @RequestParam(required = false) String limit) {
        return tweets.deletions(after, limit);
    }
}
