package io.paradigmlab.tweebyte.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.media.JobState;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.schema.Migrations;
import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@link MediaJobSql}'s statements through {@link JdbcMediaJobStore} on a real PostgreSQL (the queue bound, the
 * claim's order and SKIP LOCKED, the conditional updates a cancel races with, the requeue on start), and the shared
 * workers and request sequences on top of it.
 */
class JdbcMediaJobStoreTest {

    private static final String DB = "tweebyte_tweet_media";
    private static EmbeddedPostgres postgres;
    private static JdbcClient jdbc;
    private static JdbcMediaJobStore store;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + DB);
        }
        Migrations.migrate(ServiceDatabase.TWEET, postgres.getJdbcUrl("postgres", DB), "postgres", "postgres");
        jdbc = JdbcClient.create(postgres.getDatabase("postgres", DB));
        store = new JdbcMediaJobStore(jdbc);
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @BeforeEach
    void empty() {
        jdbc.sql("TRUNCATE media_jobs").update();
    }

    private static MediaJob insert(int steps, int durationMs) {
        return store.insertIfRoom(UUID.randomUUID(), UUID.randomUUID(), steps, durationMs, 1000).orElseThrow();
    }

    @Test
    void insertsAQueuedJobAndReadsItBackByColumnName() {
        UUID id = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        MediaJob job = store.insertIfRoom(id, user, 4, 2000, 10).orElseThrow();

        assertThat(job.id()).isEqualTo(id);
        assertThat(job.userId()).isEqualTo(user);
        assertThat(job.state()).isEqualTo(JobState.QUEUED);
        assertThat(job.steps()).isEqualTo(4);
        assertThat(job.durationMs()).isEqualTo(2000);
        assertThat(job.progress()).isZero();
        assertThat(job.attempts()).isZero();
        assertThat(job.createdAt()).isNotNull();
        assertThat(job.startedAt()).isNull();
        assertThat(job.finishedAt()).isNull();
        assertThat(job.reason()).isNull();
        assertThat(job.result()).isNull();
        assertThat(store.find(id)).contains(job);
        assertThat(store.find(UUID.randomUUID())).isEmpty();
    }

    @Test
    void refusesASubmitWhenCapacityJobsAreQueuedButCountsOnlyQueuedOnes() {
        UUID user = UUID.randomUUID();
        assertThat(store.insertIfRoom(UUID.randomUUID(), user, 1, 1, 2)).isPresent();
        assertThat(store.insertIfRoom(UUID.randomUUID(), user, 1, 1, 2)).isPresent();
        assertThat(store.insertIfRoom(UUID.randomUUID(), user, 1, 1, 2)).isEmpty();

        store.claimNext().orElseThrow(); // one QUEUED becomes RUNNING: room for one more
        assertThat(store.insertIfRoom(UUID.randomUUID(), user, 1, 1, 2)).isPresent();
        assertThat(store.insertIfRoom(UUID.randomUUID(), user, 1, 1, 2)).isEmpty();
    }

    @Test
    void claimsTheOldestQueuedJobOnceEvenUnderConcurrentWorkers() throws Exception {
        List<MediaJob> jobs = IntStream.range(0, 5).mapToObj(i -> insert(1, 1)).toList();

        MediaJob first = store.claimNext().orElseThrow();
        assertThat(first.id()).isEqualTo(jobs.getFirst().id());
        assertThat(first.state()).isEqualTo(JobState.RUNNING);
        assertThat(first.attempts()).isEqualTo(1);
        assertThat(first.startedAt()).isNotNull();

        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Optional<MediaJob>>> claims = IntStream.range(0, 8)
                    .<Callable<Optional<MediaJob>>>mapToObj(i -> store::claimNext).toList();
            List<UUID> claimed = pool.invokeAll(claims).stream().map(f -> {
                try {
                    return f.get();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }).flatMap(Optional::stream).map(MediaJob::id).toList();
            // SKIP LOCKED: the four others exactly once each, no claimer waited for another or took one twice
            assertThat(claimed).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(jobs.subList(1, 5).stream().map(MediaJob::id).toList());
        } finally {
            pool.shutdown();
        }
        assertThat(store.claimNext()).isEmpty();
    }

    @Test
    void progressAndSuccessOnlyForARunningJob() {
        MediaJob job = insert(2, 10);
        assertThat(store.recordProgress(job.id(), 1)).isEmpty(); // QUEUED: not a worker's
        store.claimNext().orElseThrow();

        assertThat(store.recordProgress(job.id(), 1)).get().extracting(MediaJob::progress).isEqualTo(1);
        MediaJob done = store.succeed(job.id(), MediaJobRules.result(2)).orElseThrow();
        assertThat(done.state()).isEqualTo(JobState.SUCCEEDED);
        assertThat(done.finishedAt()).isNotNull();
        assertThat(done.result()).isEqualTo(MediaJobRules.result(2));
        assertThat(done.result().bytes()).isEqualTo(2L * 65536);

        assertThat(store.recordProgress(job.id(), 2)).isEmpty();
        assertThat(store.cancel(job.id(), MediaJobRules.CANCELLED_BY_CLIENT)).isEmpty();
        assertThat(store.fail(job.id(), "late")).isEmpty();
        assertThat(store.find(job.id())).contains(done);
    }

    @Test
    void aCancelledRunningJobTellsItsWorkerAtTheNextProgress() {
        MediaJob job = insert(5, 100);
        store.claimNext().orElseThrow();
        MediaJob cancelled = store.cancel(job.id(), MediaJobRules.CANCELLED_BY_CLIENT).orElseThrow();
        assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
        assertThat(cancelled.reason()).isEqualTo(MediaJobRules.CANCELLED_BY_CLIENT);

        assertThat(store.recordProgress(job.id(), 1)).isEmpty();
        assertThat(store.succeed(job.id(), MediaJobRules.result(5))).isEmpty();
        assertThat(store.cancel(job.id(), MediaJobRules.CANCELLED_BY_CLIENT)).isEmpty();
    }

    @Test
    void requeueOnStartKeepsTheFirstStartAndTheProgress() {
        MediaJob job = insert(4, 100);
        MediaJob running = store.claimNext().orElseThrow();
        store.recordProgress(job.id(), 2);

        assertThat(store.requeueRunning()).isEqualTo(1);
        MediaJob queued = store.find(job.id()).orElseThrow();
        assertThat(queued.state()).isEqualTo(JobState.QUEUED);
        assertThat(queued.progress()).isEqualTo(2);

        MediaJob again = store.claimNext().orElseThrow();
        assertThat(again.attempts()).isEqualTo(2);
        assertThat(again.startedAt()).isEqualTo(running.startedAt());
    }

    // ---- the shared request sequences ----------------------------------------------------------------------

    @Test
    void requestSequencesAnswerTheContractsErrors() {
        BlockingMediaJobs jobs = new BlockingMediaJobs(store, 1);
        UUID owner = UUID.randomUUID();
        assertThatThrownBy(() -> jobs.submit(owner, new MediaJobRequest(0, null)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.errors())
                        .containsExactly(MediaJobRules.DURATION_RANGE, MediaJobRules.STEPS_RANGE));

        MediaJob job = jobs.submit(owner, new MediaJobRequest(1000, 10)).orElseThrow();
        assertThat(job.userId()).isEqualTo(owner);
        assertThat(jobs.submit(owner, new MediaJobRequest(1000, 10))).isEmpty(); // capacity 1

        assertThat(jobs.get(owner, job.id())).isEqualTo(job);
        assertThat(jobs.get(null, job.id())).isEqualTo(job); // security off
        assertThatThrownBy(() -> jobs.get(UUID.randomUUID(), job.id()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(403));
        assertThatThrownBy(() -> jobs.get(owner, UUID.randomUUID()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(404));
        assertThatThrownBy(() -> jobs.cancel(UUID.randomUUID(), job.id()))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(403));

        MediaJob cancelled = jobs.cancel(owner, job.id());
        assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
        assertThat(jobs.cancel(owner, job.id())).isEqualTo(cancelled); // twice: unchanged

        MediaJob other = jobs.submit(null, new MediaJobRequest(10, 1)).orElseThrow();
        assertThat(other.userId()).isEqualTo(BlockingMediaJobs.NOBODY);
        store.claimNext().orElseThrow();
        store.succeed(other.id(), MediaJobRules.result(1));
        assertThatThrownBy(() -> jobs.cancel(null, other.id()))
                .isInstanceOfSatisfying(ApiException.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.errors()).containsExactly(MediaJobRules.ALREADY_FINISHED);
                });
    }

    // ---- the workers ---------------------------------------------------------------------------------------

    private static MediaJob await(UUID id, Predicate<MediaJob> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        MediaJob job = store.find(id).orElseThrow();
        while (!condition.test(job)) {
            assertThat(System.nanoTime()).as("job %s never got there; last %s", id, job).isLessThan(deadline);
            Thread.sleep(20);
            job = store.find(id).orElseThrow();
        }
        return job;
    }

    @Test
    void workersRunJobsToTheirResultAndWakeOnASignal() throws Exception {
        try (MediaJobWorkers workers = new MediaJobWorkers(store, 2, Duration.ofSeconds(30), Duration.ofSeconds(30))) {
            workers.start(Executors.newVirtualThreadPerTaskExecutor());
            Thread.sleep(200); // both idle now, for 30 s unless woken
            MediaJob job = insert(3, 60);
            workers.wake();
            MediaJob done = await(job.id(), j -> j.state().terminal());
            assertThat(done.state()).isEqualTo(JobState.SUCCEEDED);
            assertThat(done.progress()).isEqualTo(3);
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(done.result()).isEqualTo(MediaJobRules.result(3));
            assertThat(done.reason()).isNull();
        }
    }

    @Test
    void aJobLongerThanTheTimeoutFailsAtTheTimeoutNotAfterItsStep() throws Exception {
        MediaJob job = insert(1, 600_000);
        try (MediaJobWorkers workers = new MediaJobWorkers(store, 1, Duration.ofMillis(300), Duration.ofMillis(50))) {
            long start = System.nanoTime();
            workers.start(Executors.newVirtualThreadPerTaskExecutor());
            MediaJob failed = await(job.id(), j -> j.state().terminal());
            assertThat(failed.state()).isEqualTo(JobState.FAILED);
            assertThat(failed.reason()).isEqualTo("timed out after 300 ms");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        }
    }

    @Test
    void aCancelStopsTheWorkerBeforeItsNextStep() throws Exception {
        MediaJob job = insert(50, 5000);
        try (MediaJobWorkers workers = new MediaJobWorkers(store, 1, Duration.ofSeconds(30), Duration.ofMillis(50))) {
            workers.start(Executors.newVirtualThreadPerTaskExecutor());
            await(job.id(), j -> j.progress() >= 1);
            store.cancel(job.id(), MediaJobRules.CANCELLED_BY_CLIENT).orElseThrow();
            Thread.sleep(300);
            assertThat(workers.busy()).isZero();
            MediaJob cancelled = store.find(job.id()).orElseThrow();
            assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
            assertThat(cancelled.result()).isNull();
        }
    }

    @Test
    void aStoppedWorkerLeavesItsJobRunningAndTheNextStartResumesIt() throws Exception {
        MediaJob job = insert(4, 800);
        MediaJobWorkers first = new MediaJobWorkers(store, 1, Duration.ofSeconds(30), Duration.ofMillis(50));
        first.start(Executors.newFixedThreadPool(1));
        await(job.id(), j -> j.progress() >= 1);
        first.close();
        MediaJob left = store.find(job.id()).orElseThrow();
        assertThat(left.state()).isEqualTo(JobState.RUNNING);

        try (MediaJobWorkers second = new MediaJobWorkers(store, 1, Duration.ofSeconds(30), Duration.ofMillis(50))) {
            second.start(Executors.newVirtualThreadPerTaskExecutor());
            MediaJob done = await(job.id(), j -> j.state().terminal());
            assertThat(done.state()).isEqualTo(JobState.SUCCEEDED);
            assertThat(done.attempts()).isEqualTo(2);
            assertThat(done.startedAt()).isEqualTo(left.startedAt());
        }
    }

    @Test
    void aJobStartedThreeTimesWithoutFinishingIsAbandoned() throws Exception {
        MediaJob job = insert(1, 10);
        for (int i = 0; i < MediaJobRules.MAX_ATTEMPTS; i++) {
            store.claimNext().orElseThrow();
            store.requeueRunning(); // the process died under it
        }
        try (MediaJobWorkers workers = new MediaJobWorkers(store, 1, Duration.ofSeconds(30), Duration.ofMillis(50))) {
            workers.start(Executors.newVirtualThreadPerTaskExecutor());
            MediaJob failed = await(job.id(), j -> j.state().terminal());
            assertThat(failed.state()).isEqualTo(JobState.FAILED);
            assertThat(failed.reason()).isEqualTo(MediaJobRules.ABANDONED);
            assertThat(failed.attempts()).isEqualTo(MediaJobRules.MAX_ATTEMPTS + 1);
        }
    }
}
