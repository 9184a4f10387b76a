package io.paradigmlab.tweebyte.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseCeiling;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The user summary's database ceiling: the user service's own statement, the variants' pool, the scale's users. */
class TweebyteDatabaseCeilingTest {

    private final TweebyteApplication app = new TweebyteApplication();

    @Test
    void theUserSummaryRunsTheServicesSummaryQueryOnThePoolsConnections() {
        DataGenerator.Scale quick = app.data().scale("quick");
        DatabaseCeiling ceiling = app.databaseCeiling(app.scenario("user-summary"), quick).orElseThrow();
        assertThat(ceiling.service()).isEqualTo("user");
        assertThat(ceiling.clients()).isEqualTo(20);
        assertThat(ceiling.variables()).containsExactly(java.util.Map.entry("users", 2_000L));
        assertThat(ceiling.script()).isEqualTo("\\set n random(1, :users)\n"
                + "SELECT id, user_name, is_private, created_at FROM users"
                + " WHERE id = (SELECT id FROM lab_ceiling_user_ids WHERE n = :n);\n");
        assertThat(ceiling.setup()).contains("CREATE TABLE lab_ceiling_user_ids AS SELECT (row_number() OVER"
                + " (ORDER BY id))::int AS n, id FROM users", "ADD PRIMARY KEY (n)");
        assertThat(app.databaseCeiling(app.scenario("user-summary"), app.data().scale("seed")).orElseThrow()
                .variables()).containsEntry("users", 1_000_000L);
    }

    @Test
    void onlyTheUserSummaryDeclaresOne() {
        for (var scenario : app.scenarios()) {
            assertThat(app.databaseCeiling(scenario, app.data().scales().getFirst()).isPresent())
                    .as(scenario.id()).isEqualTo(scenario.id().equals("user-summary"));
        }
    }

    /** The ceiling's clients are the pool every variant's user service is configured with (ADR 0004). */
    @Test
    void theClientsAreEveryVariantsConfiguredPoolSize() throws IOException {
        Pattern poolSize = Pattern.compile("(?m)^\\s+pool-size: (\\d+)\\s*$");
        for (String variant : new String[] {"async", "virtual", "reactive"}) {
            Path yml = RepoLayout.locate().root().resolve("apps/tweebyte/" + variant
                    + "/user/src/main/resources/application.yml");
            Matcher m = poolSize.matcher(Files.readString(yml));
            assertThat(m.find()).as(yml.toString()).isTrue();
            assertThat(Integer.parseInt(m.group(1))).as(variant).isEqualTo(TweebyteApplication.DB_POOL_SIZE);
        }
    }
}
