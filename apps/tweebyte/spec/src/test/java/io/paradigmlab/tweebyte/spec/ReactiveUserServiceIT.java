package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The suite on the reactive variant, whose process runs with BlockHound: a blocking call on an event loop fails. */
@DisplayName("user service (reactive)")
class ReactiveUserServiceIT extends UserServiceSpec {

    @Override
    protected TweebyteVariant variant() {
        return TweebyteVariant.REACTIVE;
    }

    private Path log() {
        return fixture.deployment(variant()).services().getFirst().log();
    }

    @Test
    void runsWithBlockHoundInstalled() throws IOException {
        assertThat(Files.readString(log())).contains("BlockHound installed");
    }

    /** BlockHound turns a blocking call into an error; this catches one even where a scenario tolerated the 500. */
    @AfterAll
    void noBlockingCallWasDetected() throws IOException {
        assertThat(Files.readString(log())).doesNotContain("BlockingOperationError");
    }
}
