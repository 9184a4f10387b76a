package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.lab.verify.WorkMeter;
import io.paradigmlab.tweebyte.lab.TweebyteApplication;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Equal work, proven per endpoint (docs/adr/0002-equal-work.md): every variant must execute the same SQL
 * statements, make the same calls between services and send the same Redis commands for each request of
 * {@link EqualWorkScript}. Writes the table to {@code docs/equal-work.md}, then fails on any difference.
 *
 * <p>Each variant runs on a deployment of its own with the interaction service's cleanup job switched off (its
 * statements and calls would land in whichever request happens to be measured) and a counting proxy in front of each
 * service. One request is measured at a time: the statistics of PostgreSQL and Redis are server-wide.
 */
@ExtendWith(TweebyteFixture.Resolver.class)
class EqualWorkIT {

    @Test
    void everyVariantDoesTheSameWorkForEveryRequest(TweebyteFixture fixture) throws IOException {
        List<EqualWorkStep> script = EqualWorkScript.steps();
        Map<TweebyteVariant, List<EqualWorkRun.Result>> results = new LinkedHashMap<>();
        for (TweebyteVariant variant : TweebyteVariant.values()) {
            try (TweebyteDeployment deployment = fixture.startDeployment(variant, "_" + variant.id() + "_work",
                    options -> options.withCallCounting(true).withCleanup(null, false));
                 // the media job workers poll their queue on their own schedule: not any request's work
                 WorkMeter meter = new WorkMeter(fixture.infrastructure(), deployment)
                         .ignoring(new TweebyteApplication().backgroundWork())) {
                results.put(variant, EqualWorkRun.run(script, deployment, meter));
            }
        }
        EqualWorkTable table = EqualWorkTable.of(script, results);
        Path page = RepoLayout.locate().root().resolve("docs").resolve("equal-work.md");
        Files.writeString(page, table.markdown());
        System.out.println("EqualWorkIT wrote " + page);

        assertThat(table.rows().stream().filter(r -> r.step().measured() && r.ranAnywhere()))
                .as("measured requests").isNotEmpty();
        assertThat(table.failures()).as("requests whose work differs between variants, or that did not go as"
                + " scripted (see " + page + ")").isEmpty();
    }
}
