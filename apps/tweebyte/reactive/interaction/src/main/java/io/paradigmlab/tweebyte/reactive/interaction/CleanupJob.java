package io.paradigmlab.tweebyte.reactive.interaction;

import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.transaction.ReactiveTransactionManager;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The cleanup (docs/api/tweebyte.md, "Cleanup"): every interval, CLEANUP_CURSOR, one call for the next tombstones,
 * if any one transaction {DELETE_LIKES_OF_REPLIES_OF_TWEETS, DELETE_LIKES_OF_TWEETS, DELETE_REPLIES_OF_TWEETS,
 * DELETE_RETWEETS_OF_TWEETS, ADVANCE_CLEANUP_CURSOR}, then DELETE_REJECTED_FOLLOWS. Ticks come from
 * {@code Flux.interval} on a scheduler of its own; a pass never overlaps the next (late ticks are dropped); a failed
 * pass is logged and the next one tries again. On shutdown no new pass starts and a running one may finish.
 */
public class CleanupJob implements SmartLifecycle {

    static final int BATCH = 500;
    static final ParameterizedTypeReference<List<TweetDeletion>> DELETIONS = new ParameterizedTypeReference<>() {
    };
    private static final Duration FINISH_WAIT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(CleanupJob.class);

    private final R2dbcInteractionStore store;
    private final TransactionalOperator tx;
    private final Downstream downstream;
    private final ServiceUrls urls;
    private final CleanupProperties properties;
    private volatile Scheduler scheduler;
    private volatile Disposable ticks;
    private volatile CompletableFuture<Void> running = CompletableFuture.completedFuture(null);

    public CleanupJob(R2dbcInteractionStore store, ReactiveTransactionManager transactions, Downstream downstream,
                      ServiceUrls urls, CleanupProperties properties) {
        this.store = store;
        this.tx = TransactionalOperator.create(transactions);
        this.downstream = downstream;
        this.urls = urls;
        this.properties = properties;
    }

    @Override
    public void start() {
        if (!properties.enabledOrDefault()) {
            log.info("Cleanup job disabled");
            return;
        }
        Duration interval = properties.intervalOrDefault();
        scheduler = Schedulers.newSingle("cleanup");
        ticks = Flux.interval(interval, interval, scheduler)
                .onBackpressureDrop()
                .concatMap(tick -> pass(), 0)
                .subscribe();
        log.info("Cleanup job every {}", interval);
    }

    /** One pass; never fails (a failure is logged and the next pass tries again). */
    Mono<Void> pass() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        running = done;
        return store.cleanupCursor().defaultIfEmpty(0L)
                .flatMap(after -> downstream.get(urls.tweet() + "/internal/tweets/deletions?after=" + after
                        + "&limit=" + BATCH, null, DELETIONS, null).defaultIfEmpty(List.of()))
                .flatMap(this::removeInteractionsOf)
                .then(Mono.defer(store::deleteRejectedFollows))
                .doOnNext(rejected -> log.debug("Cleanup pass done ({} rejected follows removed)", rejected))
                .then()
                .onErrorResume(e -> {
                    log.warn("Cleanup pass failed, the next one tries again: {}", e.toString());
                    return Mono.empty();
                })
                .doFinally(signal -> done.complete(null));
    }

    private Mono<Void> removeInteractionsOf(List<TweetDeletion> deletions) {
        if (deletions.isEmpty()) {
            return Mono.empty();
        }
        UUID[] tweetIds = deletions.stream().map(TweetDeletion::tweetId).toArray(UUID[]::new);
        long last = deletions.stream().mapToLong(TweetDeletion::seq).max().orElseThrow();
        return store.deleteLikesOfRepliesOfTweets(tweetIds)
                .then(store.deleteLikesOfTweets(tweetIds))
                .then(store.deleteRepliesOfTweets(tweetIds))
                .then(store.deleteRetweetsOfTweets(tweetIds))
                .then(store.advanceCleanupCursor(last))
                .as(tx::transactional)
                .doOnSuccess(v -> log.info("Cleanup removed the interactions of {} deleted tweets", tweetIds.length));
    }

    @Override
    public void stop() {
        Disposable t = ticks;
        if (t == null) {
            return;
        }
        ticks = null;
        // no new pass: stop the ticks' scheduler first, then let a running pass finish
        scheduler.dispose();
        try {
            running.get(FINISH_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (Exception e) {
            log.warn("Cleanup pass still running at shutdown: {}", e.toString());
        }
        t.dispose();
    }

    @Override
    public boolean isRunning() {
        return ticks != null;
    }

    /** Stops before the web server and the connection pools (which stop at lower phases). */
    @Override
    public int getPhase() {
        return Integer.MAX_VALUE - 100;
    }
}
