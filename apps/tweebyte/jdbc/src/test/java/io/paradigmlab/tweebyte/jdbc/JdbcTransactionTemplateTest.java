package io.paradigmlab.tweebyte.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.SimpleTransactionStatus;

class JdbcTransactionTemplateTest {

    /** What DataSourceTransactionManager does when HikariCP has closed the connection a statement broke on. */
    private static final PlatformTransactionManager ROLLBACK_FAILS = new PlatformTransactionManager() {
        @Override
        public TransactionStatus getTransaction(TransactionDefinition definition) {
            return new SimpleTransactionStatus();
        }

        @Override
        public void commit(TransactionStatus status) {
        }

        @Override
        public void rollback(TransactionStatus status) {
            throw new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        }
    };

    @Test
    void theStatementsFailureIsThrownNotTheRollbacks() {
        DataAccessResourceFailureException broken = new DataAccessResourceFailureException("I/O error",
                new SQLException("An I/O error occurred while sending to the backend.", "08006"));

        Throwable thrown = catchThrowable(() -> new JdbcTransactionTemplate(ROLLBACK_FAILS)
                .executeWithoutResult(status -> {
                    throw broken;
                }));

        assertThat(thrown).isSameAs(broken);
        assertThat(thrown.getSuppressed()).singleElement().isInstanceOf(TransactionSystemException.class);
    }

    @Test
    void aTransactionThatWorksAnswersItsResult() {
        Integer answer = new JdbcTransactionTemplate(ROLLBACK_FAILS).execute(status -> 42);
        assertThat(answer).isEqualTo(42);
    }
}
