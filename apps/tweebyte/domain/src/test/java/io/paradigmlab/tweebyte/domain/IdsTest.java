package io.paradigmlab.tweebyte.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdsTest {

    @Test
    void parsesCanonicalUuid() {
        UUID id = UUID.randomUUID();
        assertThat(Ids.parse("id", id.toString())).isEqualTo(id);
        assertThat(Ids.parse("id", id.toString().toUpperCase())).isEqualTo(id);
    }

    @Test
    void rejectsShortFormsThatUuidFromStringAccepts() {
        assertThatThrownBy(() -> Ids.parse("id", "1-2-3-4-5"))
                .isInstanceOf(ApiException.BadRequest.class)
                .hasMessage("id must be a valid UUID");
        assertThatThrownBy(() -> Ids.parse("userId", "not-a-uuid")).hasMessage("userId must be a valid UUID");
        assertThatThrownBy(() -> Ids.parse("id", null)).isInstanceOf(ApiException.BadRequest.class);
    }
}
