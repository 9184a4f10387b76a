package io.paradigmlab.tweebyte.reactive.tweet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.media.JobResult;
import io.paradigmlab.tweebyte.domain.media.JobState;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.reactive.common.TweebyteBlockHound;
import io.paradigmlab.tweebyte.schema.Migrations;
import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import io.paradigmlab.tweebyte.security.Caller;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * The media jobs on a real PostgreSQL under BlockHound (the services' allowances, {@link TweebyteBlockHound}): the
 * store's conditional statements one by one, then the workers and the endpoints' logic end to end: a job runs its
 * steps and succeeds, a cancel stops it, the timeout fails it, a stop leaves it RUNNING for the next start, a fourth
 * start abandons it, and the events stream frames every change. Every call is subscribed from a non-blocking thread.
 */
class R2dbcMediaJobStoreTest {

    private static EmbeddedPostgres postgres;
    private static DatabaseClient db;
    private static R2dbcMediaJobStore store;
    private static final JsonMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final UUID ALICE = UUID.randomUUID();
    private static final Caller CALLER = new Caller(ALICE, "alice@example.com");

    @BeforeAll
    static void start() throws Exception {
        System.setProperty("tweebyte.blockhound", "true");
        BlockHoundInstaller.installIfRequested("tweebyte.blockhound");
        postgres = EmbeddedPostgres.builder().start();
        String name = ServiceDatabase.TWEET.defaultName();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        Migrations.migrate(ServiceDatabase.TWEET, postgres.getJdbcUrl("postgres", name), "postgres", "postgres");
        ConnectionFactory connections = ConnectionFactories.get(
                "r2dbc:postgresql://postgres:postgres@localhost:" + postgres.getPort() + "/" + name);
        db = DatabaseClient.create(connections);
        store = new R2dbcMediaJobStore(db);
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @BeforeEach
    void empty() {
        await(db.sql("DELETE FROM media_jobs").fetch().rowsUpdated());
    }

    /** Subscribes from a thread of {@code parallel()}, non-blocking as an event loop is: BlockHound watches it. */
    private static <T> T await(Mono<T> call) {
        return call.subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(30));
    }

    private static MediaJob queued(int steps, int durationMs) {
        return await(store.insertIfRoom(UUID.randomUUID(), ALICE, steps, durationMs, 100));
    }

    @Test
    void blockHoundWatchesTheNonBlockingThreadsAndLetsTheJobsSchedulerPark() {
        assertThatThrownBy(() -> await(Mono.fromRunnable(() -> LockSupport.parkNanos(1_000_000))))
                .hasMessageContaining("Blocking call");
        // what a worker's step does: parking on a bounded-elastic thread is allowed
        assertThat(Mono.fromCallable(() -> {
            LockSupport.parkNanos(1_000_000);
            return true;
        }).subscribeOn(Schedulers.newBoundedElastic(1, 1, "park-check")).block(Duration.ofSeconds(10))).isTrue();
    }

    @Test
    void conditionalStatementsChangeOnlyTheStatesTheyExpect() {
        MediaJob first = queued(3, 300);
        MediaJob second = queued(2, 100);
        assertThat(first.state()).isEqualTo(JobState.QUEUED);
        assertThat(first.userId()).isEqualTo(ALICE);
        assertThat(first.progress()).isZero();
        assertThat(first.attempts()).isZero();
        assertThat(first.startedAt()).isNull();
        assertThat(first.result()).isNull();
        assertThat(await(store.find(first.id()))).isEqualTo(first);
        assertThat(await(store.find(UUID.randomUUID()))).isNull();
        // the queue bound: two QUEUED, a capacity of 2 takes no third
        assertThat(await(store.insertIfRoom(UUID.randomUUID(), ALICE, 1, 1, 2))).isNull();

        MediaJob claimed = await(store.claimNext());
        assertThat(claimed.id()).as("the oldest first").isEqualTo(first.id());
        assertThat(claimed.state()).isEqualTo(JobState.RUNNING);
        assertThat(claimed.attempts()).isEqualTo(1);
        assertThat(claimed.startedAt()).isNotNull();
        assertThat(await(store.recordProgress(first.id(), 1)).progress()).isEqualTo(1);
        JobResult result = MediaJobRules.result(3);
        MediaJob done = await(store.succeed(first.id(), result));
        assertThat(done.state()).isEqualTo(JobState.SUCCEEDED);
        assertThat(done.result()).isEqualTo(result);
        assertThat(done.finishedAt()).isNotNull();
        // an ended job: no progress, no cancel, no failure
        assertThat(await(store.recordProgress(first.id(), 2))).isNull();
        assertThat(await(store.cancel(first.id(), MediaJobRules.CANCELLED_BY_CLIENT))).isNull();
        assertThat(await(store.fail(first.id(), "late"))).isNull();

        MediaJob cancelled = await(store.cancel(second.id(), MediaJobRules.CANCELLED_BY_CLIENT));
        assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
        assertThat(cancelled.reason()).isEqualTo(MediaJobRules.CANCELLED_BY_CLIENT);
        assertThat(await(store.claimNext())).as("nothing QUEUED").isNull();

        MediaJob third = queued(1, 1);
        await(store.claimNext());
        assertThat(await(store.requeueRunning())).isEqualTo(1L);
        MediaJob back = await(store.find(third.id()));
        assertThat(back.state()).isEqualTo(JobState.QUEUED);
        MediaJob again = await(store.claimNext());
        assertThat(again.attempts()).as("a second start").isEqualTo(2);
        assertThat(again.startedAt()).as("the first start is kept").isEqualTo(await(store.find(third.id())).startedAt());
        assertThat(await(store.fail(third.id(), "boom")).reason()).isEqualTo("boom");
    }

    @Test
    void workersRunAJobToItsResultAndTheEventsFrameEveryChange() {
        MediaJobWorkers workers = new MediaJobWorkers(store, 2, Duration.ofSeconds(60));
        MediaJobService jobs = new MediaJobService(store, workers, JSON, Schedulers.boundedElastic(), 100,
                Duration.ofMillis(20));
        workers.start();
        try {
            MediaJob submitted = await(jobs.submit(CALLER, new MediaJobRequest(300, 3)));
            assertThat(submitted.state()).isEqualTo(JobState.QUEUED);
            List<String> frames = await(jobs.events(CALLER, submitted.id().toString())
                    .flatMap(stream -> stream.collectList()));
            MediaJob done = await(jobs.get(CALLER, submitted.id().toString()));
            assertThat(done.state()).isEqualTo(JobState.SUCCEEDED);
            assertThat(done.progress()).isEqualTo(3);
            assertThat(done.attempts()).isEqualTo(1);
            assertThat(done.result()).isEqualTo(MediaJobRules.result(3));
            assertThat(Duration.between(done.startedAt(), done.finishedAt())).isGreaterThanOrEqualTo(Duration.ofMillis(300));
            assertThat(frames.getLast()).isEqualTo("event:succeeded\nid:3\ndata:" + JSON.writeValueAsString(done) + "\n\n");
            assertThat(frames).allMatch(frame -> frame.startsWith("event:") && frame.endsWith("\n\n"));
            assertThat(frames).as("one frame per change, none twice").doesNotHaveDuplicates();
            // someone else's job, and a bad id
            Caller bob = new Caller(UUID.randomUUID(), "bob@example.com");
            assertThatThrownBy(() -> await(jobs.get(bob, submitted.id().toString())))
                    .isInstanceOf(ApiException.Forbidden.class);
            assertThatThrownBy(() -> await(jobs.events(bob, submitted.id().toString())))
                    .isInstanceOf(ApiException.Forbidden.class);
            assertThatThrownBy(() -> await(jobs.get(CALLER, "nope"))).hasMessage("id must be a valid UUID");
            assertThatThrownBy(() -> await(jobs.get(CALLER, UUID.randomUUID().toString())))
                    .hasMessage(MediaJobRules.NOT_FOUND);
            // a finished job is not cancelled
            assertThatThrownBy(() -> await(jobs.cancel(CALLER, submitted.id().toString())))
                    .isInstanceOf(ApiException.Conflict.class).hasMessage(MediaJobRules.ALREADY_FINISHED);
        } finally {
            workers.stop();
        }
    }

    @Test
    void aCancelStopsARunningJobBeforeItsNextStep() {
        MediaJobWorkers workers = new MediaJobWorkers(store, 1, Duration.ofSeconds(60));
        MediaJobService jobs = new MediaJobService(store, workers, JSON, Schedulers.boundedElastic(), 100,
                Duration.ofMillis(20));
        workers.start();
        try {
            MediaJob job = await(jobs.submit(CALLER, new MediaJobRequest(2_000, 4)));
            waitFor(job.id(), j -> j.state() == JobState.RUNNING);
            MediaJob cancelled = await(jobs.cancel(CALLER, job.id().toString()));
            assertThat(cancelled.state()).isEqualTo(JobState.CANCELLED);
            assertThat(cancelled.reason()).isEqualTo(MediaJobRules.CANCELLED_BY_CLIENT);
            assertThat(await(jobs.cancel(CALLER, job.id().toString()))).as("twice: unchanged").isEqualTo(cancelled);
            sleep(700);
            MediaJob after = await(store.find(job.id()));
            assertThat(after).as("the worker recorded nothing after the cancel").isEqualTo(cancelled);
        } finally {
            workers.stop();
        }
    }

    @Test
    void aJobPastTheTimeoutFailsWithoutWaitingForItsStep() {
        MediaJobWorkers workers = new MediaJobWorkers(store, 1, Duration.ofMillis(300));
        workers.start();
        try {
            MediaJob job = queued(1, 600_000);
            workers.wake();
            MediaJob failed = waitFor(job.id(), j -> j.state().terminal());
            assertThat(failed.state()).isEqualTo(JobState.FAILED);
            assertThat(failed.reason()).isEqualTo("timed out after 300 ms");
            assertThat(Duration.between(failed.startedAt(), failed.finishedAt())).isLessThan(Duration.ofSeconds(5));
        } finally {
            workers.stop();
        }
    }

    @Test
    void aStoppedWorkerLeavesItsJobRunningAndTheNextStartResumesItOrAbandonsIt() {
        MediaJob job = queued(3, 3_000);
        MediaJobWorkers first = new MediaJobWorkers(store, 1, Duration.ofSeconds(60));
        first.start();
        waitFor(job.id(), j -> j.state() == JobState.RUNNING && j.progress() >= 1);
        first.stop();
        MediaJob left = await(store.find(job.id()));
        assertThat(left.state()).isEqualTo(JobState.RUNNING);
        sleep(1_200);
        assertThat(await(store.find(job.id()))).as("nobody works on it any more").isEqualTo(left);

        // two more starts stopped the same way: the fourth start abandons it
        await(db.sql("UPDATE media_jobs SET attempts = 3 WHERE id = :id").bind("id", job.id()).fetch().rowsUpdated());
        MediaJobWorkers next = new MediaJobWorkers(store, 1, Duration.ofSeconds(60));
        next.start();
        try {
            MediaJob abandoned = waitFor(job.id(), j -> j.state().terminal());
            assertThat(abandoned.state()).isEqualTo(JobState.FAILED);
            assertThat(abandoned.reason()).isEqualTo(MediaJobRules.ABANDONED);
            assertThat(abandoned.attempts()).isEqualTo(4);
            assertThat(abandoned.progress()).as("resumed nowhere: no step ran").isEqualTo(left.progress());
        } finally {
            next.stop();
        }
    }

    @Test
    void aFullQueueAnswers503WithAShortRetryAfter() {
        MediaJobWorkers idle = new MediaJobWorkers(store, 1, Duration.ofSeconds(60));
        MediaJobService jobs = new MediaJobService(store, idle, JSON, Schedulers.boundedElastic(), 1,
                Duration.ofMillis(20));
        try {
            await(jobs.submit(CALLER, new MediaJobRequest(10, 1)));
            assertThatThrownBy(() -> await(jobs.submit(CALLER, new MediaJobRequest(10, 1))))
                    .isInstanceOfSatisfying(ApiException.Unavailable.class, e -> {
                        assertThat(e.retryAfterSeconds()).isEqualTo(1);
                        assertThat(e.errors()).containsExactly(MediaJobRules.QUEUE_FULL);
                    });
            assertThatThrownBy(() -> await(jobs.submit(CALLER, new MediaJobRequest(0, null))))
                    .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors())
                            .containsExactly(MediaJobRules.DURATION_RANGE, MediaJobRules.STEPS_RANGE));
        } finally {
            idle.stop();
        }
    }

    private static MediaJob waitFor(UUID id, Predicate<MediaJob> condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (System.nanoTime() < deadline) {
            MediaJob job = await(store.find(id));
            if (condition.test(job)) {
                return job;
            }
            sleep(20);
        }
        throw new AssertionError("job " + id + " never got there: " + await(store.find(id)));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
