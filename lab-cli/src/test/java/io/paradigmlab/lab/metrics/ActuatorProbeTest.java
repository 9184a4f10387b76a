package io.paradigmlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ActuatorProbeTest {

    /** Lines of a Tweebyte service's exposition under load (Spring Boot, Micrometer, G1), trimmed. */
    private static final String G1 = """
            # HELP jvm_memory_usage_after_gc The percentage of long-lived heap pool used after the last GC event
            # TYPE jvm_memory_usage_after_gc gauge
            jvm_gc_live_data_size_bytes 0.0
            jvm_gc_pause_seconds_sum{action="end of minor GC",cause="G1 Evacuation Pause",gc="G1 Young Generation"} 0.015
            jvm_gc_pause_seconds_sum{action="end of minor GC",cause="Metadata GC Threshold",gc="G1 Young Generation"} 0.014
            jvm_memory_max_bytes{area="heap",id="G1 Eden Space"} -1.0
            jvm_memory_max_bytes{area="heap",id="G1 Old Gen"} 1.073741824E9
            jvm_memory_max_bytes{area="heap",id="G1 Survivor Space"} -1.0
            jvm_memory_max_bytes{area="nonheap",id="Compressed Class Space"} 1.073741824E9
            jvm_memory_usage_after_gc{area="heap",pool="long-lived"} 0.03193831443786621
            jvm_memory_used_bytes{area="heap",id="G1 Eden Space"} 1.8874368E7
            jvm_memory_used_bytes{area="heap",id="G1 Old Gen"} 3.4293504E7
            jvm_memory_used_bytes{area="heap",id="G1 Survivor Space"} 4095904.0
            jvm_memory_used_bytes{area="nonheap",id="Metaspace"} 6.3913896E7
            jvm_threads_live_threads 41.0
            """;

    @Test
    void heapAfterGcIsTheLongLivedPoolsShareAfterTheLastCollectionTimesItsMaximum() {
        ActuatorProbe.Reading reading = ActuatorProbe.parse(G1);

        // 0.0319... of the old generation's 1 GiB: the old generation's 34,293,504 bytes in use after that GC
        assertThat(reading.heapAfterGcMb()).isCloseTo(34_293_504 / 1048576.0, within(0.01));
        assertThat(reading.heapUsedMb()).isCloseTo((18_874_368 + 34_293_504 + 4_095_904) / 1048576.0, within(1e-6));
        assertThat(reading.liveThreads()).isEqualTo(41);
        assertThat(reading.gcPauseSeconds()).isCloseTo(0.029, within(1e-12));
    }

    @Test
    void theJitCompilersTimeIsReadFromMicrometersCompilationCounterAndIsNaNWithoutIt() {
        // the line Spring Boot's JvmCompilationMetrics gives on HotSpot
        String withCompiler = G1 + "jvm_compilation_time_ms_total{compiler=\"HotSpot 64-Bit Tiered Compilers\"}"
                + " 12345.0\n";

        assertThat(ActuatorProbe.parse(withCompiler).compilationMs()).isEqualTo(12345.0);
        assertThat(ActuatorProbe.parse(G1).compilationMs()).isNaN();
    }

    @Test
    void withoutTheGaugeOrTheLongLivedPoolsMaximumThereIsNoHeapAfterGc() {
        String withoutGauge = G1.lines().filter(l -> !l.startsWith("jvm_memory_usage_after_gc"))
                .reduce("", (a, b) -> a + b + "\n");
        String withoutMaximum = G1.lines().filter(l -> !l.contains("id=\"G1 Old Gen\"} 1.07"))
                .reduce("", (a, b) -> a + b + "\n");

        assertThat(ActuatorProbe.parse(withoutGauge).heapAfterGcMb()).isNaN();
        assertThat(ActuatorProbe.parse(withoutMaximum).heapAfterGcMb()).isNaN();
        assertThat(ActuatorProbe.parse(withoutGauge).heapUsedMb()).isPositive();
    }

    @Test
    void theLongLivedPoolIsTheOldGenerationOrTheOnlyHeap() {
        for (String pool : new String[] {"G1 Old Gen", "PS Old Gen", "Tenured Gen", "ZGC Old Generation",
                "Shenandoah", "ZHeap"}) {
            assertThat(ActuatorProbe.longLived(pool)).as(pool).isTrue();
        }
        for (String pool : new String[] {"G1 Eden Space", "G1 Survivor Space", "ZGC Young Generation", "Metaspace"}) {
            assertThat(ActuatorProbe.longLived(pool)).as(pool).isFalse();
        }
        assertThat(ActuatorProbe.longLived(null)).isFalse();
    }
}
