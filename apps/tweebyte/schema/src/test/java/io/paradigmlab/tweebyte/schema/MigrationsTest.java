package io.paradigmlab.tweebyte.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Runs the user migrations on a real PostgreSQL and checks the constraints the services rely on. */
class MigrationsTest {

    private static EmbeddedPostgres postgres;
    private static String url;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ServiceDatabase.USER.defaultName());
        }
        url = postgres.getJdbcUrl("postgres", ServiceDatabase.USER.defaultName());
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Test
    void migratesOnceAndIsIdempotent() throws Exception {
        Migrations.migrate(ServiceDatabase.USER, url, "postgres", "postgres");
        assertThat(Migrations.migrate(ServiceDatabase.USER, url, "postgres", "postgres")).isZero();
        try (Connection c = postgres.getDatabase("postgres", ServiceDatabase.USER.defaultName()).getConnection();
             Statement s = c.createStatement()) {
            s.execute("INSERT INTO users (id, user_name, email, password, birth_date)"
                    + " VALUES (gen_random_uuid(), 'Alice', 'alice@example.com', 'x', DATE '1990-01-01')");
            assertThatThrownBy(() -> s.execute("INSERT INTO users (id, user_name, email, password, birth_date)"
                    + " VALUES (gen_random_uuid(), 'aLICE', 'other@example.com', 'x', DATE '1990-01-01')"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("users_user_name_key");
            assertThatThrownBy(() -> s.execute("INSERT INTO users (id, user_name, email, password, birth_date)"
                    + " VALUES (gen_random_uuid(), 'bob', 'alice@example.com', 'x', DATE '1990-01-01')"))
                    .isInstanceOf(SQLException.class).hasMessageContaining(UserSql.EMAIL_UNIQUE_INDEX);
        }
    }
}
