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

    /** As recorded for a statement prepared before the last reset, and as recorded otherwise: one statement. */
    @Test
    void anExtractFieldIsAConstantWhetherRecordedAsWrittenOrAsAParameter() {
        String asWritten = "select EXTRACT(month from d) m from t group by EXTRACT(month from d), extract( YEAR  FROM d)";
        String recorded = "select EXTRACT($1 from d) m from t group by EXTRACT(month from d), extract($2 FROM d)";

        assertThat(StatementStatistics.normalize(asWritten)).isEqualTo(StatementStatistics.normalize(recorded))
                .isEqualTo("select EXTRACT(? from d) m from t group by EXTRACT(? from d), extract(? FROM d)");
        assertThat(StatementStatistics.normalize("select extracted(month from d)")).contains("month");
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
