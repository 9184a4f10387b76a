package io.paradigmlab.tweebyte.domain.media;

import io.paradigmlab.common.contract.ApiException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** The contract's rules for background media jobs (docs/api/tweebyte.md, "Background jobs"). */
public final class MediaJobRules {

    public static final int DURATION_MS_MIN = 1;
    public static final int DURATION_MS_MAX = 600_000;
    public static final int STEPS_MIN = 1;
    public static final int STEPS_MAX = 100;
    /** A job started this many times without finishing (the process stopped under it each time) ends FAILED. */
    public static final int MAX_ATTEMPTS = 3;

    public static final String DURATION_RANGE = "duration_ms must be between 1 and 600000";
    public static final String STEPS_RANGE = "steps must be between 1 and 100";
    public static final String ABANDONED = "abandoned after " + MAX_ATTEMPTS + " attempts";
    public static final String CANCELLED_BY_CLIENT = "cancelled by the client";
    public static final String QUEUE_FULL = "Media job queue is full";
    public static final String NOT_FOUND = "Job not found";
    public static final String NOT_YOURS = "You can only access your own jobs";
    public static final String ALREADY_FINISHED = "Job already finished";

    /** Bytes of the MediaStream pattern one step stands for. */
    public static final int STEP_BYTES = MediaStream.CHUNK_BYTES;

    /** Results by steps (1..STEPS_MAX), computed once each: a worker asks at the end of every job. */
    private static final AtomicReferenceArray<JobResult> RESULTS = new AtomicReferenceArray<>(STEPS_MAX + 1);

    private MediaJobRules() {
    }

    /** A job request that passed {@link #validate(MediaJobRequest)}. */
    public record ValidJob(int durationMs, int steps) {
    }

    /**
     * Both fields present and in range, or 400 with every failing rule at once. A missing field fails its range
     * rule (the contract has no separate "required" message for these).
     */
    public static ValidJob validate(MediaJobRequest body) {
        Integer durationMs = body == null ? null : body.durationMs();
        Integer steps = body == null ? null : body.steps();
        List<String> errors = new ArrayList<>(2);
        if (durationMs == null || durationMs < DURATION_MS_MIN || durationMs > DURATION_MS_MAX) {
            errors.add(DURATION_RANGE);
        }
        if (steps == null || steps < STEPS_MIN || steps > STEPS_MAX) {
            errors.add(STEPS_RANGE);
        }
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
        return new ValidJob(durationMs, steps);
    }

    /** How long a worker parks for one step: {@code duration_ms / steps}, in nanoseconds, truncated. */
    public static long stepNanos(MediaJob job) {
        return job.durationMs() * 1_000_000L / job.steps();
    }

    /**
     * The result of a job of {@code steps} steps: {@code steps * 65536} bytes and the lower-case hex SHA-256 of the
     * first that many bytes of the MediaStream pattern ({@code offset % 251}, going on past 256 KiB).
     */
    public static JobResult result(int steps) {
        if (steps < 0) {
            throw new IllegalArgumentException("steps must not be negative, was " + steps);
        }
        if (steps > STEPS_MAX) {
            return computeResult(steps);
        }
        JobResult known = RESULTS.get(steps);
        if (known == null) {
            known = computeResult(steps);
            RESULTS.compareAndSet(steps, null, known);
        }
        return known;
    }

    private static JobResult computeResult(int steps) {
        // one period longer than a step, so every step is a slice of it starting at its phase
        byte[] pattern = new byte[STEP_BYTES + MediaStream.PERIOD];
        MediaStream.fill(pattern, 0);
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        for (int i = 0; i < steps; i++) {
            int phase = (int) ((long) i * STEP_BYTES % MediaStream.PERIOD);
            sha256.update(pattern, phase, STEP_BYTES);
        }
        return new JobResult((long) steps * STEP_BYTES, HexFormat.of().formatHex(sha256.digest()));
    }

    /** True when a job started at {@code started} has run longer than {@code timeout} at {@code now}. */
    public static boolean timedOut(Instant started, Instant now, Duration timeout) {
        return started != null && Duration.between(started, now).compareTo(timeout) > 0;
    }

    /** The reason of a job that ran longer than {@code timeout}: {@code timed out after <ms> ms}. */
    public static String timeoutReason(Duration timeout) {
        return "timed out after " + timeout.toMillis() + " ms";
    }

    /** 404 when there is no job; 403 unless {@code caller} submitted it (a null caller, security off, may). */
    public static void requireOwner(MediaJob job, UUID caller) {
        if (job == null) {
            throw new ApiException.NotFound(NOT_FOUND);
        }
        if (caller != null && !caller.equals(job.userId())) {
            throw new ApiException.Forbidden(NOT_YOURS);
        }
    }

    /**
     * The answer to a DELETE whose CANCEL changed no row, from what FIND then gave: no job 404, a cancelled job as
     * it is (cancelling twice is no error), a SUCCEEDED or FAILED job 409.
     *
     * @throws IllegalStateException for a QUEUED or RUNNING job, which CANCEL's condition would have matched
     */
    public static MediaJob afterMissedCancel(MediaJob found) {
        if (found == null) {
            throw new ApiException.NotFound(NOT_FOUND);
        }
        return switch (found.state()) {
            case CANCELLED -> found;
            case SUCCEEDED, FAILED -> throw new ApiException.Conflict(List.of(ALREADY_FINISHED));
            case QUEUED, RUNNING -> throw new IllegalStateException(
                    "job " + found.id() + " is " + found.state() + " although CANCEL matched no row");
        };
    }
}
