package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.reaper.ProcessIdentity;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRecord;
import io.paradigmlab.lab.reaper.ServerRegistry;
import io.paradigmlab.lab.verify.RedisCommandStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded servers stop and start again where their clients expect them: what the fault tests rely on. While they
 * run they are recorded in the lab's registry of servers, the postmaster by the pid pg_ctl detached from this JVM.
 */
class InfrastructureRestartTest {

    @TempDir
    Path work;

    @Test
    void postgresComesBackOnItsPortWithItsDataAndRedisOnItsPortEmpty() throws Exception {
        Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, work));
        PostgresEndpoint pg = infra.postgres();
        int redisPort = infra.redis().port();
        try (infra) {
            execute(pg, "CREATE TABLE kept (id int)", "INSERT INTO kept VALUES (7)");
            ServerRecord postgres = recorded(ServerKind.POSTGRES, pg.port());
            assertThat(postgres.process().pid()).as("the postmaster")
                    .isEqualTo(infra.embeddedPostgresProcesses().getFirst().pid());
            assertThat(postgres.owner()).isEqualTo(ProcessIdentity.current());
            assertThat(postgres.dataDir()).hasParent(work.toAbsolutePath()).isDirectory();
            assertThat(recorded(ServerKind.REDIS, redisPort).process().pid()).isNotEqualTo(postgres.process().pid());

            infra.stopPostgres();
            assertThatThrownBy(() -> execute(pg, "SELECT 1")).isInstanceOf(SQLException.class);
            assertThat(records(ServerKind.POSTGRES, pg.port())).isEmpty();
            infra.startPostgres();
            assertThat(infra.postgres().port()).isEqualTo(pg.port());
            assertThat(recorded(ServerKind.POSTGRES, pg.port()).process().pid()).as("the new postmaster")
                    .isEqualTo(infra.embeddedPostgresProcesses().getFirst().pid());
            assertThat(queryInt(pg, "SELECT id FROM kept")).isEqualTo(7);

            infra.restartPostgres(Duration.ofMillis(100));
            assertThat(queryInt(pg, "SELECT count(*) FROM kept")).isEqualTo(1);

            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThat(redis.dbSize()).isZero();
            }
            infra.stopRedis();
            assertThat(records(ServerKind.REDIS, redisPort)).isEmpty();
            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThatThrownBy(redis::dbSize).isInstanceOf(LabException.class);
            }
            infra.startRedis();
            recorded(ServerKind.REDIS, redisPort);
            try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
                assertThat(redis.dbSize()).isZero();
                assertThat(redis.keyspaceHits()).isZero();
            }
        }
        assertThat(records(ServerKind.POSTGRES, pg.port())).as("no record left on close").isEmpty();
        assertThat(records(ServerKind.REDIS, redisPort)).as("no record left on close").isEmpty();
        try (var left = Files.list(work)) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("postgres-")))
                    .as("the data directory is deleted on close").isEmpty();
        }
    }

    /** The one record of this JVM's {@code kind} server on {@code port}. */
    private static ServerRecord recorded(ServerKind kind, int port) {
        List<ServerRecord> records = records(kind, port);
        assertThat(records).as("records of %s on port %d", kind, port).hasSize(1);
        return records.getFirst();
    }

    private static List<ServerRecord> records(ServerKind kind, int port) {
        return ServerRegistry.lab().records().stream()
                .filter(record -> record.kind() == kind && record.ports().contains(port)
                        && record.owner().equals(ProcessIdentity.current()))
                .toList();
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
