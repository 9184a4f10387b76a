package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.MariaDbEndpoint;
import io.paradigmlab.lab.api.Ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The URL of an external MariaDB: the forms accepted, clear errors for the others, and no password in messages. */
class MariaDbEndpointTest {

    @Test
    void readsUserPasswordHostAndPort() {
        assertThat(MariaDbEndpoint.parse("mariadb://shop:secret@db.example:3307"))
                .isEqualTo(new MariaDbEndpoint("db.example", 3307, "shop", "secret"));
        assertThat(MariaDbEndpoint.parse("mysql://shop:secret@10.0.0.5:3307/ignored_db"))
                .as("mysql:// and a trailing database name")
                .isEqualTo(new MariaDbEndpoint("10.0.0.5", 3307, "shop", "secret"));
        assertThat(MariaDbEndpoint.parse("jdbc:mariadb://shop:secret@localhost:3308"))
                .isEqualTo(new MariaDbEndpoint("localhost", 3308, "shop", "secret"));
    }

    @Test
    void defaultsPortAndPasswordAndDecodesPercentEncoding() {
        assertThat(MariaDbEndpoint.parse("mariadb://root@localhost"))
                .isEqualTo(new MariaDbEndpoint("localhost", 3306, "root", ""));
        assertThat(MariaDbEndpoint.parse("mariadb://shop:p%40ss%3Aw%2Frd%2B1@localhost:3306"))
                .isEqualTo(new MariaDbEndpoint("localhost", 3306, "shop", "p@ss:w/rd+1"));
    }

    @Test
    void urlRoundTripsAndTheDriverUrlsNameTheDatabase() {
        MariaDbEndpoint endpoint = new MariaDbEndpoint("127.0.0.1", 4000, "lab", "p@ss w:rd+");
        assertThat(MariaDbEndpoint.parse(endpoint.url())).isEqualTo(endpoint);
        assertThat(endpoint.jdbcUrl("eshop_order")).isEqualTo("jdbc:mariadb://127.0.0.1:4000/eshop_order");
        assertThat(endpoint.r2dbcUrl("eshop_order")).isEqualTo("r2dbc:mariadb://127.0.0.1:4000/eshop_order");
        assertThat(endpoint.describe()).isEqualTo("MariaDB at 127.0.0.1:4000 (user lab)").doesNotContain("p@ss");
    }

    @Test
    void malformedUrlsAreClearErrorsWithoutThePassword() {
        assertThatThrownBy(() -> MariaDb.external("postgresql://shop:secret@localhost:5432"))
                .isInstanceOf(LabException.class).hasMessageContaining("mariadb://user:password@host:3306")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> MariaDb.external("mariadb://localhost:3306"))
                .isInstanceOf(LabException.class).hasMessageContaining("names no user");
        assertThatThrownBy(() -> MariaDb.external("mariadb://shop:secret@:3306"))
                .isInstanceOf(LabException.class).hasMessageContaining("no host").hasMessageNotContaining("secret");
        assertThatThrownBy(() -> MariaDb.external("mariadb://shop:se cret@localhost:3306"))
                .isInstanceOf(LabException.class).hasMessageContaining("Not a valid MariaDB URL")
                .hasMessageNotContaining("se cret");
        assertThatThrownBy(() -> MariaDb.external("mariadb://shop:secret@localhost:70000"))
                .isInstanceOf(LabException.class).hasMessageContaining("not a valid port");
        assertThatThrownBy(() -> MariaDb.external(""))
                .isInstanceOf(LabException.class).hasMessageContaining("empty");
    }

    @Test
    void aServerThatDoesNotAnswerIsAClearError() {
        int nobodyListens = Ports.free();
        assertThatThrownBy(() -> MariaDb.external("mariadb://shop:secret@127.0.0.1:" + nobodyListens))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("Cannot connect to MariaDB at 127.0.0.1:" + nobodyListens + " (user shop)")
                .hasMessageNotContaining("secret");
    }
}
