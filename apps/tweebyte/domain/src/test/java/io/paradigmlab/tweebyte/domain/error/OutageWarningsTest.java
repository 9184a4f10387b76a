package io.paradigmlab.tweebyte.domain.error;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class OutageWarningsTest {

    @Test
    void theFirstCallerWarnsAndTheNextOnesWithinTheIntervalDoNot() {
        OutageWarnings warnings = new OutageWarnings(3600);
        assertThat(warnings.due()).isTrue();
        assertThat(warnings.due()).isFalse();
        assertThat(warnings.due()).isFalse();
    }

    @Test
    void aZeroIntervalLetsEveryWarningThrough() {
        OutageWarnings warnings = new OutageWarnings(0);
        assertThat(warnings.due()).isTrue();
        assertThat(warnings.due()).isTrue();
    }

    @Test
    void theRootCauseIsTheInnermost() {
        IOException refused = new IOException("Connection refused");
        assertThat(OutageWarnings.rootCause(new IllegalStateException(new UncheckedIOException(refused))))
                .isSameAs(refused);
        assertThat(OutageWarnings.rootCause(refused)).isSameAs(refused);
    }
}
