package io.paradigmlab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.DatabaseCeiling;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pgbench command of a database ceiling and the parsing of pgbench's summary, without running it. */
class DatabaseCeilingBenchTest {

    /**
     * pgbench 15.18's summary against the embedded PostgreSQL 17 (Tweebyte's user-summary ceiling, 20 clients, 2
     * cores): the rate, transactions and latency of a real campaign's run; the other lines as pgbench 15 prints them.
     */
    static final String PGBENCH_15_OUTPUT = """
            pgbench (15.18 (Debian 15.18-0+deb12u1), server 17.6)
            transaction type: /tmp/db-ceiling.pgbench
            scaling factor: 1
            query mode: prepared
            number of clients: 20
            number of threads: 2
            maximum number of tries: 1
            duration: 5 s
            number of transactions actually processed: 100747
            number of failed transactions: 0 (0.000%)
            latency average = 0.986 ms
            initial connection time = 48.223 ms
            tps = 20289.592972 (without initial connection time)
            """;

    /** pgbench 14's summary: no failed transactions line. */
    static final String PGBENCH_14_OUTPUT = """
            pgbench (14.12)
            transaction type: script.sql
            scaling factor: 1
            query mode: prepared
            number of clients: 4
            number of threads: 2
            duration: 3 s
            number of transactions actually processed: 9000
            latency average = 1.333 ms
            initial connection time = 5.010 ms
            tps = 3000.5 (without initial connection time)
            """;

    private static final DatabaseCeiling CEILING = new DatabaseCeiling("user", "one summary", "",
            "\\set n random(1, :users)\nSELECT 1;\n", Map.of("users", 2000L, "bound", 7L), 20);

    @Test
    void theCommandIsPreparedWithThePoolsClientsAndAThreadPerCoreAtMost() {
        var command = DatabaseCeilingBench.command(Path.of("/usr/bin/pgbench"), CEILING, 2, 5,
                Path.of("/work/db-ceiling.pgbench"), new PostgresEndpoint("localhost", 5433, "lab", "secret"),
                "tweebyte_user_dbceiling");
        assertThat(String.join(" ", command)).isEqualTo("/usr/bin/pgbench -n -M prepared -c 20 -j 2 -T 5"
                + " -f /work/db-ceiling.pgbench -D bound=7 -D users=2000 -h localhost -p 5433 -U lab"
                + " tweebyte_user_dbceiling");
        assertThat(command).as("the password goes through PGPASSWORD").doesNotContain("secret");
        assertThat(DatabaseCeilingBench.threads(20, 64)).isEqualTo(20);
        assertThat(DatabaseCeilingBench.threads(1, 2)).isEqualTo(1);
    }

    @Test
    void itRunsForALevelsDurationWithinThreeToThirtySeconds() {
        assertThat(DatabaseCeilingBench.seconds(1)).isEqualTo(3);
        assertThat(DatabaseCeilingBench.seconds(5)).isEqualTo(5);
        assertThat(DatabaseCeilingBench.seconds(180)).isEqualTo(30);
    }

    @Test
    void theRateIsTheOneWithoutTheInitialConnectionTime() {
        var out = DatabaseCeilingBench.parse(PGBENCH_15_OUTPUT);
        assertThat(out.tps()).isEqualTo(20289.592972);
        assertThat(out.transactions()).isEqualTo(100747);
        assertThat(out.failed()).isZero();
        assertThat(out.latencyMs()).isEqualTo(0.986);

        var older = DatabaseCeilingBench.parse(PGBENCH_14_OUTPUT);
        assertThat(older.tps()).isEqualTo(3000.5);
        assertThat(older.failed()).isZero();
    }

    @Test
    void anOutputWithoutARateSaysWhatPgbenchPrinted() {
        assertThatThrownBy(() -> DatabaseCeilingBench.parse("pgbench: error: connection to server failed\n"))
                .isInstanceOf(LabException.class).hasMessageContaining("no rate")
                .hasMessageContaining("connection to server failed");
    }

    @Test
    void aDeclarationIsCheckedAndItsVariablesSorted() {
        assertThat(CEILING.variables().keySet()).containsExactly("bound", "users");
        assertThatThrownBy(() -> new DatabaseCeiling("user", "x", "", "SELECT 1;", Map.of("bad name", 1L), 1))
                .hasMessageContaining("bad name");
        assertThatThrownBy(() -> new DatabaseCeiling("user", "x", "", "SELECT 1;", Map.of(), 0))
                .hasMessageContaining("at least one client");
    }
}
