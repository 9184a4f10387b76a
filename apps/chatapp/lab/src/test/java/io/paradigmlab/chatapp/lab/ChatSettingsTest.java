package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.domain.Limits;
import io.paradigmlab.lab.api.LabException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ChatSettingsTest {

    @Test
    void noSettingsAreTheDefaults() {
        ChatSettings s = ChatSettings.of(Map.of());

        assertThat(s).isEqualTo(new ChatSettings(false, Limits.DEFAULT_POOL_SIZE, "", Limits.DEFAULT_OUTBOUND_QUEUE));
        assertThat(s.xssFlag()).isEmpty();
    }

    @Test
    void everySettingIsRead() {
        ChatSettings s = ChatSettings.of(Map.of("stateless", "true", "pool-size", "20", "xss", "256K",
                "outbound-queue", "16"));

        assertThat(s).isEqualTo(new ChatSettings(true, 20, "256k", 16));
        assertThat(s.xssFlag()).contains("-Xss256k");
    }

    @ParameterizedTest
    @ValueSource(strings = {"136k", "512k", "1m", "1M", "1048576", "1g"})
    void stackSizesTheJvmAcceptsAreAccepted(String xss) {
        assertThat(ChatSettings.of(Map.of("xss", xss)).xssFlag()).contains("-Xss" + xss.toLowerCase());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "stateless|yes|--set stateless takes true or false, got 'yes'",
            "pool-size|0|--set pool-size takes a number of database connections from 1 to 250, got '0'",
            "pool-size|251|--set pool-size takes a number of database connections from 1 to 250, got '251'",
            "pool-size|ten|--set pool-size takes a number of database connections from 1 to 250, got 'ten'",
            "outbound-queue|0|--set outbound-queue takes a number of frames from 1 to 1000000, got '0'",
            "outbound-queue|-5|--set outbound-queue takes a number of frames from 1 to 1000000, got '-5'",
            "xss|128k|--set xss takes a thread stack size as -Xss does, from 136k to 1g (e.g. 256k, 512k, 1m; empty"
                    + " for the JVM default), got '128k'",
            "xss|2g|--set xss takes a thread stack size as -Xss does, from 136k to 1g (e.g. 256k, 512k, 1m; empty"
                    + " for the JVM default), got '2g'",
            "xss|256kb|--set xss takes a thread stack size as -Xss does, from 136k to 1g (e.g. 256k, 512k, 1m; empty"
                    + " for the JVM default), got '256kb'",
            "xss|-Xss256k|--set xss takes a thread stack size as -Xss does, from 136k to 1g (e.g. 256k, 512k, 1m;"
                    + " empty for the JVM default), got '-Xss256k'"})
    void aBadValueIsRefusedNamingKeyRangeAndValue(String key, String value, String message) {
        assertThatThrownBy(() -> ChatSettings.of(Map.of(key, value)))
                .isInstanceOf(LabException.class).hasMessage(message);
    }

    @Test
    void anUnknownKeyIsRefusedNamingTheKnownOnes() {
        assertThatThrownBy(() -> ChatSettings.of(Map.of("faithful", "true")))
                .isInstanceOf(LabException.class)
                .hasMessage("ChatApp has no launch setting 'faithful': choose one of stateless, pool-size, xss,"
                        + " outbound-queue");
    }

    @Test
    void theApplicationDeclaresExactlyTheKeysTheSettingsRead() {
        assertThat(new ChatAppApplication().launchSettings().keySet())
                .containsExactly("stateless", "pool-size", "xss", "outbound-queue");
    }
}
