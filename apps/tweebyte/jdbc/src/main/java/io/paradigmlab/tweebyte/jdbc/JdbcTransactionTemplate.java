package io.paradigmlab.tweebyte.jdbc;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionTemplate;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;

/**
 * Spring's {@link TransactionTemplate}, except for one case: when a statement fails because the connection died
 * under it (PostgreSQL stopped, the network cut), HikariCP closes that connection, the rollback that follows fails
 * on it, and Spring throws the rollback's {@link TransactionSystemException} ("JDBC rollback failed: Connection is
 * closed") with the statement's failure tucked away as its application exception. This template throws the
 * statement's failure instead (the rollback's attached as suppressed): that is what happened, and what the web
 * layer maps to 503 {@code Database unavailable} rather than a 500. When the commit itself fails on a dying
 * connection, Spring rolls back, that fails too, and the {@link TransactionSystemException} carries no application
 * exception, only the rollback's {@link SQLException} ("Connection is closed", without a SQLState): it becomes a
 * connection failure (SQLState 08006) as well. Nothing was acknowledged, so the client is told to retry. The servlet
 * variants' transactions all run through it.
 */
public class JdbcTransactionTemplate extends TransactionTemplate {

    public JdbcTransactionTemplate(PlatformTransactionManager transactionManager) {
        super(transactionManager);
    }

    @Override
    public <T> T execute(TransactionCallback<T> action) throws TransactionException {
        try {
            return super.execute(action);
        } catch (TransactionSystemException rollbackFailed) {
            if (rollbackFailed.getApplicationException() instanceof RuntimeException cause) {
                cause.addSuppressed(rollbackFailed);
                throw cause;
            }
            if (rollbackFailed.getCause() instanceof SQLException sql) {
                throw new DataAccessResourceFailureException("The transaction ended with its connection: "
                        + rollbackFailed.getMessage(), new SQLNonTransientConnectionException(sql.getMessage(), "08006",
                        rollbackFailed));
            }
            throw rollbackFailed;
        }
    }
}
