package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class DatabaseFailuresTest {

    @Test
    void aConnectionFailureOrAServerGoingDownIsUnreachable() {
        assertThat(DatabaseFailures.unreachable(new SQLTransientConnectionException("pool timeout"))).isTrue();
        assertThat(DatabaseFailures.unreachable(new RuntimeException(new SQLException("refused", "08001")))).isTrue();
        assertThat(DatabaseFailures.unreachable(new SQLException("shutting down", "57P01"))).isTrue();
        assertThat(DatabaseFailures.unreachable(new SQLException("starting up", "57P03"))).isTrue();
    }

    @Test
    void aFaultOfTheStatementIsNot() {
        assertThat(DatabaseFailures.unreachable(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(DatabaseFailures.unreachable(new SQLException("canceled", "57014"))).isFalse();
        assertThat(DatabaseFailures.unreachable(new IOException("Connection reset by peer"))).isFalse();
    }

    @Test
    void theDriverErrorIsFoundAmongTheCauses() {
        SQLException driver = new SQLException("duplicate key", "23505");
        assertThat(DatabaseFailures.driverError(new RuntimeException("wrapped", driver))).isSameAs(driver);
        assertThat(DatabaseFailures.driverError(new IOException("Broken pipe"))).isNull();
        assertThat(DatabaseFailures.rootCause(new RuntimeException("a", new IOException("b")))).contains("b");
    }
}
