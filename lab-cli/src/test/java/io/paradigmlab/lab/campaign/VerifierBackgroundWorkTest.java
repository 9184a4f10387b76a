package io.paradigmlab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.results.Verification;
import io.paradigmlab.lab.verify.Work;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Work a service does on its own schedule is left out of the comparison, and only that work. */
class VerifierBackgroundWorkTest {

    static final String CLAIM = "tweet: UPDATE media_jobs SET state = ?, attempts = attempts + ? WHERE ...";
    static final String INSERT = "tweet: INSERT INTO media_jobs (id) VALUES (?)";

    static Map<String, List<Verifier.Observed>> observed(long claimsA, long claimsB, long insertsB) {
        Map<String, List<Verifier.Observed>> observed = new LinkedHashMap<>();
        observed.put("async", List.of(new Verifier.Observed("POST /media/filter", "tweet", 200, "jpeg",
                new Work(Map.of(CLAIM, claimsA, INSERT, 1L), Map.of(), Map.of()))));
        observed.put("virtual", List.of(new Verifier.Observed("POST /media/filter", "tweet", 200, "jpeg",
                new Work(Map.of(CLAIM, claimsB, INSERT, insertsB), Map.of(), Map.of()))));
        return observed;
    }

    @Test
    void backgroundStatementsAreNotCountedAndTheReportSaysSo() {
        Verification without = Verifier.compare(observed(7, 0, 1), Set.of());
        assertThat(without.passed()).isFalse();

        Verification with = Verifier.compare(observed(7, 0, 1), Set.of(),
                List.of("sql tweet: UPDATE media_jobs SET state = ?, attempts = attempts + ?"));
        assertThat(with.passed()).isTrue();
        assertThat(with.requests().getFirst().work()).containsOnlyKeys("sql " + INSERT);
        assertThat(with.notes()).anyMatch(n -> n.contains("UPDATE media_jobs SET state = ?, attempts"));
    }

    @Test
    void everyOtherDifferenceStillFails() {
        Verification v = Verifier.compare(observed(7, 0, 2), Set.of(),
                List.of("sql tweet: UPDATE media_jobs SET state = ?, attempts = attempts + ?"));
        assertThat(v.passed()).isFalse();
        assertThat(v.differences()).singleElement().asString().contains("INSERT INTO media_jobs", "1× vs 2×");
    }
}
