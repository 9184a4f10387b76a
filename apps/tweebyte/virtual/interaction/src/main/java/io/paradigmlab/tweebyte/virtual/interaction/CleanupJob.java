package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Removes what deleted tweets leave behind, and refused follow requests (seed 000, 6.5): every
 * {@code tweebyte.cleanup.interval}, first one interval after start, on one virtual thread. Each pass reads the
 * cursor, fetches the next tombstones from the tweet service, deletes in one transaction, advances the cursor, then
 * deletes REJECTED follows. A failing pass is logged and the next one tries again. On shutdown no new pass starts
 * and a running one finishes.
 */
@Component
@ConditionalOnBooleanProperty(name = "tweebyte.cleanup.enabled", matchIfMissing = true)
public class CleanupJob implements InitializingBean, DisposableBean {

    /** Tombstones fetched per pass. */
    public static final int BATCH = 500;
    private static final Logger log = LoggerFactory.getLogger(CleanupJob.class);

    private final JdbcInteractionStore store;
    private final TransactionTemplate transaction;
    private final OtherServices services;
    private final Duration interval;
    private final ScheduledExecutorService scheduler =
            Executors.newSingleThreadScheduledExecutor(Thread.ofVirtual().name("tweebyte-cleanup").factory());

    public CleanupJob(JdbcInteractionStore store, TransactionTemplate transaction, OtherServices services,
                      @Value("${tweebyte.cleanup.interval:60s}") Duration interval) {
        this.store = store;
        this.transaction = transaction;
        this.services = services;
        this.interval = interval;
    }

    @Override
    public void afterPropertiesSet() {
        long millis = interval.toMillis();
        scheduler.scheduleWithFixedDelay(this::passSafely, millis, millis, TimeUnit.MILLISECONDS);
    }

    private void passSafely() {
        try {
            pass();
        } catch (RuntimeException e) {
            log.warn("Cleanup pass failed, the next one tries again: {}", e.toString());
        }
    }

    /** One pass: CLEANUP_CURSOR, the deletions call, [transaction of the deletes and the cursor], REJECTED follows. */
    void pass() {
        long cursor = store.cleanupCursor();
        List<TweetDeletion> deletions = services.deletions(cursor, BATCH);
        if (!deletions.isEmpty()) {
            UUID[] tweetIds = deletions.stream().map(TweetDeletion::tweetId).toArray(UUID[]::new);
            long last = deletions.stream().mapToLong(TweetDeletion::seq).max().orElse(cursor);
            transaction.executeWithoutResult(status -> {
                store.deleteLikesOfRepliesOfTweets(tweetIds);
                store.deleteLikesOfTweets(tweetIds);
                store.deleteRepliesOfTweets(tweetIds);
                store.deleteRetweetsOfTweets(tweetIds);
                store.advanceCleanupCursor(last);
            });
        }
        store.deleteRejectedFollows();
    }

    @Override
    public void destroy() throws InterruptedException {
        scheduler.shutdown();
        if (!scheduler.awaitTermination(30, TimeUnit.SECONDS)) {
            log.warn("Cleanup pass still running after 30 s; stopping it");
            scheduler.shutdownNow();
        }
    }
}
