package io.paradigmlab.tweebyte.async.interaction;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
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

/**
 * Removes what deleted tweets leave behind, and refused follow requests (seed 000, 6.5): every
 * {@code tweebyte.cleanup.interval}, first one interval after start, on one platform thread of a
 * ScheduledExecutorService (scheduleWithFixedDelay, so passes never overlap). Each pass reads the cursor (db
 * executor), fetches the next tombstones from the tweet service (sendAsync), deletes in one transaction (db
 * executor), advances the cursor, then deletes REJECTED follows; the job thread joins each future (it is not a
 * request thread). A failing pass is logged and the next one tries again. On shutdown no new pass starts and a
 * running one finishes.
 */
@Component
@ConditionalOnBooleanProperty(name = "tweebyte.cleanup.enabled", matchIfMissing = true)
public class CleanupJob implements InitializingBean, DisposableBean {

    /** Tombstones fetched per pass. */
    public static final int BATCH = 500;
    private static final Logger log = LoggerFactory.getLogger(CleanupJob.class);

    private final JdbcInteractionStore store;
    private final Db db;
    private final OtherServices services;
    private final Duration interval;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("tweebyte-cleanup").daemon(true).factory());

    public CleanupJob(JdbcInteractionStore store, Db db, OtherServices services,
                      @Value("${tweebyte.cleanup.interval:60s}") Duration interval) {
        this.store = store;
        this.db = db;
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
            log.warn("Cleanup pass failed, the next one tries again: {}", (e instanceof CompletionException && e.getCause() != null ? e.getCause() : e).toString());
        }
    }

    /** One pass: CLEANUP_CURSOR, the deletions call, [transaction of the deletes and the cursor], REJECTED follows. */
    void pass() {
        long cursor = db.run(store::cleanupCursor).join();
        List<TweetDeletion> deletions = services.deletions(cursor, BATCH).join();
        if (!deletions.isEmpty()) {
            UUID[] tweetIds = deletions.stream().map(TweetDeletion::tweetId).toArray(UUID[]::new);
            long last = deletions.stream().mapToLong(TweetDeletion::seq).max().orElse(cursor);
            db.inTransaction(() -> {
                store.deleteLikesOfRepliesOfTweets(tweetIds);
                store.deleteLikesOfTweets(tweetIds);
                store.deleteRepliesOfTweets(tweetIds);
                store.deleteRetweetsOfTweets(tweetIds);
                store.advanceCleanupCursor(last);
            }).join();
        }
        db.run(store::deleteRejectedFollows).join();
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
