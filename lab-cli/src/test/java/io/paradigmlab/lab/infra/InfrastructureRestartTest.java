package io.paradigmlab.lab.infra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.verify.RedisCommandStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded servers stop and start again where their clients expect them: what the fault tests rely on. */
class InfrastructureRestartTest {

    @TempDir
    Path work;

    @Test
    void postgresComesBackOnItsPortWithItsDataAndRedisOnItsPortEmpty() throws Exception {
        try (Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, work))) {
            PostgresEndpoint pg = infra.postgres();
            execute(pg, "CREATE TABLE kept (id int)", "INSERT INTO kept VALUES (7)");

            infra.stopPostgres();
            assertThatThrownBy(() -> execute(pg, "SELECT 1")).isInstanceOf(SQLException.class);
            infra.startPostgres();
            assertThat(infra.postgres().port()).isEqualTo(pg.port());
            assertThat(queryInt(pg, "SELECT id FROM kept")).isEqualTo(7);

            infra.restartPostgres(Duration.ofMillis(100));
            assertThat(queryInt(pg, "SELECT count(*) FROM kept")).isEqualTo(1);

            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThat(redis.dbSize()).isZero();
            }
            infra.stopRedis();
            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThatThrownBy(redis::dbSize).isInstanceOf(LabException.class);
            }
            infra.startRedis();
            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThat(redis.dbSize()).isZero();
                assertThat(redis.keyspaceHits()).isZero();
            }
        }
        try (var left = Files.list(work)) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("postgres-")))
                    .as("the data directory is deleted on close").isEmpty();
        }
    }

    private static void execute(PostgresEndpoint pg, String... sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl("postgres"), pg.user(), pg.password());
             Statement s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        }
    }

    private static int queryInt(PostgresEndpoint pg, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl("postgres"), pg.user(), pg.password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            return rs.getInt(1);
        }
    }
}
