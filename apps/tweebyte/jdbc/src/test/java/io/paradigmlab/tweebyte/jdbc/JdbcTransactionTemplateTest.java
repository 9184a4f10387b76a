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

    /** Spring's commit path when the connection dies at COMMIT: the rollback that follows fails, and only it is thrown. */
    private static final PlatformTransactionManager COMMIT_AND_ROLLBACK_FAIL = new PlatformTransactionManager() {
        @Override
        public TransactionStatus getTransaction(org.springframework.transaction.TransactionDefinition definition) {
            return new SimpleTransactionStatus();
        }

        @Override
        public void commit(TransactionStatus status) {
            throw new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        }

        @Override
        public void rollback(TransactionStatus status) {
            throw new TransactionSystemException("JDBC rollback failed", new SQLException("Connection is closed"));
        }
    };

    @Test
    void aCommitLostWithItsConnectionIsAConnectionFailure() {
        Throwable thrown = catchThrowable(() -> new JdbcTransactionTemplate(COMMIT_AND_ROLLBACK_FAIL)
                .execute(status -> 42));

        // what the web layer's DatabaseFailures.unreachable recognizes (SQLState class 08): a 503, not a 500
        assertThat(thrown).isInstanceOf(DataAccessResourceFailureException.class)
                .cause().isInstanceOf(java.sql.SQLNonTransientConnectionException.class)
                .satisfies(c -> assertThat(((SQLException) c).getSQLState()).isEqualTo("08006"));
    }
}
