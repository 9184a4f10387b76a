package io.paradigmlab.testbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The last test of {@code ./lab test}: on CI, the whole suite (every module's build and tests, from the moment
 * {@code ./lab test} started) must stay within {@link #BUDGET}. CI must finish within 90 minutes on a 2-core machine
 * and aims at 40; failing at 45 says "this change made CI slower than we can afford" while the cause is still one
 * commit, with the table of what each suite cost (docs/testing.md explains how to read it).
 */
class SuiteBudgetIT {

    /** The whole {@code ./lab test} on CI (the 2-core machine of .ci/run), compiling and packaging included. */
    static final Duration BUDGET = Duration.ofMinutes(45);

    @Test
    void theWholeSuiteStaysWithinItsBudgetOnCi() throws Exception {
        Path root = Path.of(System.getProperty("lab.home", "..")).toAbsolutePath().normalize();
        List<SuiteTimes.Suite> suites = SuiteTimes.read(root);
        // the modules before this one have run their tests: their reports are there to account for the time
        assertThat(suites).as("test reports under " + root).isNotEmpty();

        String started = System.getenv("LAB_TEST_STARTED");
        assumeTrue(started != null, "the budget applies to ./lab test, which records when it started"
                + " (LAB_TEST_STARTED); this build was started otherwise");
        Duration elapsed = Duration.between(Instant.ofEpochSecond(Long.parseLong(started.trim())), Instant.now());
        String table = SuiteTimes.markdown(suites, elapsed, 15);
        System.out.println("The whole suite so far: " + SuiteTimes.minutes(elapsed.toSeconds()) + " (budget on CI "
                + BUDGET.toMinutes() + " min)\n" + table);
        assumeTrue(System.getenv("CI") != null, "the budget is CI's (a 2-core machine running nothing else); this"
                + " machine took " + SuiteTimes.minutes(elapsed.toSeconds()));
        assertThat(elapsed)
                .as("./lab test took %s on CI, over its budget of %d minutes. What each suite cost:%n%s",
                        SuiteTimes.minutes(elapsed.toSeconds()), BUDGET.toMinutes(), table)
                .isLessThanOrEqualTo(BUDGET);
    }
}
