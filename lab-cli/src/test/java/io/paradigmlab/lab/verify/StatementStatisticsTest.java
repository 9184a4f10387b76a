package io.paradigmlab.lab.verify;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementStatisticsTest {

    @Test
    void jdbcAndR2dbcSpellingsOfOneStatementNormalizeAlike() {
        String jdbc = "SELECT EXISTS (SELECT 1 FROM users WHERE id <> $2) AS a,\n  EXISTS (SELECT 1 FROM users WHERE id <> $4) AS b";
        String r2dbc = "SELECT EXISTS (SELECT $3 FROM users WHERE id <> $2) AS a, EXISTS (SELECT $4 FROM users WHERE id <> $2) AS b;";
        assertThat(StatementStatistics.normalize(jdbc)).isEqualTo(StatementStatistics.normalize(r2dbc))
                .isEqualTo("SELECT EXISTS (SELECT ? FROM users WHERE id <> ?) AS a, EXISTS (SELECT ? FROM users WHERE id <> ?) AS b");
    }

    @Test
    void literalsBecomePlaceholdersButNamesKeepTheirDigits() {
        assertThat(StatementStatistics.normalize("DELETE FROM follows WHERE status = 'REJECTED' AND v2 > 10 LIMIT 1.5"))
                .isEqualTo("DELETE FROM follows WHERE status = ? AND v2 > ? LIMIT ?");
    }

    @Test
    void sessionAndDriverStatementsAreNotCounted() {
        for (String q : new String[] {"BEGIN", "COMMIT", "ROLLBACK", "START TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET application_name = ?", "SHOW TRANSACTION ISOLATION LEVEL", "DISCARD ALL", "DEALLOCATE ALL",
                "SELECT ?", "select oid, typname from pg_catalog.pg_type where typname in (?)", ""}) {
            assertThat(StatementStatistics.ignored(q)).as(q).isTrue();
        }
        assertThat(StatementStatistics.ignored("SELECT id FROM users WHERE id = ?")).isFalse();
        assertThat(StatementStatistics.ignored("SETTLE_UP FROM x")).isFalse();
    }
}
