package io.paradigmlab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.results.WarmupRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdaptiveWarmupTest {

    private static final SteadyState RULE = new SteadyState(true, 5, 30, 0.10, 0.05);

    /** Windows handed out in order; records the lengths asked for. */
    private static final class Fake implements AdaptiveWarmup.WindowSource {
        final Deque<WarmupRun.Window> windows = new ArrayDeque<>();
        final List<Integer> asked = new ArrayList<>();

        Fake(double... throughputAndJit) {
            for (int i = 0; i < throughputAndJit.length; i += 2) {
                windows.add(new WarmupRun.Window(5, throughputAndJit[i], throughputAndJit[i + 1]));
            }
        }

        @Override
        public WarmupRun.Window next(int seconds) {
            asked.add(seconds);
            return windows.removeFirst();
        }
    }

    @Test
    void stopsAtTheFirstTwoSuccessiveWindowsThatAgree() {
        // climbing throughput, then flat but the JIT still busy, then flat and quiet
        Fake source = new Fake(200, 0.40, 600, 0.20, 900, 0.12, 950, 0.08, 960, 0.03, 970, 0.02, 975, 0.01);

        WarmupRun run = AdaptiveWarmup.run("async", 2, RULE, source, line -> { });

        assertThat(run.steady()).isTrue();
        assertThat(run.adaptive()).isTrue();
        assertThat(run.windows()).extracting(WarmupRun.Window::throughput).containsExactly(200.0, 600.0, 900.0,
                950.0, 960.0, 970.0);
        assertThat(run.seconds()).isEqualTo(30);
        assertThat(source.asked).containsOnly(5);
        assertThat(run.variant()).isEqualTo("async");
        assertThat(run.repetition()).isEqualTo(2);
    }

    @Test
    void twoAgreeingWindowsAtTheStartAreEnough() {
        WarmupRun run = AdaptiveWarmup.run("virtual", 1, RULE, new Fake(1000, 0.01, 1020, 0.02, 1, 1), line -> { });

        assertThat(run.steady()).isTrue();
        assertThat(run.windows()).hasSize(2);
        assertThat(run.seconds()).isEqualTo(10);
    }

    @Test
    void theCapEndsAWarmUpThatNeverSettlesAndSaysSo() {
        // throughput alternates by 20 %: never two windows within 10 %
        Fake source = new Fake(1000, 0, 1200, 0, 1000, 0, 1200, 0, 1000, 0, 1200, 0, 1000, 0, 1200, 0);
        List<String> notes = new ArrayList<>();

        WarmupRun run = AdaptiveWarmup.run("reactive", 1, RULE, source, notes::add);

        assertThat(run.steady()).isFalse();
        assertThat(run.windows()).hasSize(6); // 30 s cap / 5 s windows
        assertThat(run.seconds()).isEqualTo(30);
        assertThat(source.windows).hasSize(2);
        assertThat(notes.getLast()).contains("not steady after 30 s");
    }

    @Test
    void aJitThatKeepsCompilingHoldsTheWarmUpDespiteAFlatThroughput() {
        Fake source = new Fake(1000, 0.09, 1000, 0.08, 1000, 0.07, 1000, 0.06, 1000, 0.06, 1000, 0.06);

        WarmupRun run = AdaptiveWarmup.run("async", 1, RULE, source, line -> { });

        assertThat(run.steady()).isFalse();
        assertThat(run.windows()).hasSize(6);
    }

    @Test
    void rotatingTheDataStartsEachCsvFurtherOnAndKeepsItsHeaderAndOtherFiles(@TempDir Path dir) throws IOException {
        Path from = Files.createDirectories(dir.resolve("from"));
        Files.writeString(from.resolve("pairs.csv"), "a,b\n1,1\n2,2\n3,3\n4,4\n");
        Files.writeString(from.resolve("body.json"), "{\"x\":1}");
        Files.writeString(from.resolve("empty.csv"), "a,b\n");

        AdaptiveWarmup.rotate(from, dir.resolve("to"), 6);

        // 6 rows on, modulo 4: the copy starts at the third row
        assertThat(Files.readAllLines(dir.resolve("to").resolve("pairs.csv")))
                .containsExactly("a,b", "3,3", "4,4", "1,1", "2,2");
        assertThat(dir.resolve("to").resolve("body.json")).hasContent("{\"x\":1}");
        assertThat(Files.readAllLines(dir.resolve("to").resolve("empty.csv"))).containsExactly("a,b");
    }
}
