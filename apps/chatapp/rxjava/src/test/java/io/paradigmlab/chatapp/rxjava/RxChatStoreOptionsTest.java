package io.paradigmlab.chatapp.rxjava;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.vertx.pgclient.PgConnectOptions;
import org.junit.jupiter.api.Test;

/** The lab passes a JDBC URL; the reactive client needs host, port and database, and the pool its cap. */
class RxChatStoreOptionsTest {

    @Test
    void theJdbcUrlBecomesPgConnectOptions() {
        ChatConfig config = new ChatConfig(0, "jdbc:postgresql://db.example:6543/chatapp_7?user=ignored&ssl=false",
                "chat", "s3cret", 7, false, 4_096, false);
        PgConnectOptions options = RxChatStore.connectOptions(config);
        assertThat(options.getHost()).isEqualTo("db.example");
        assertThat(options.getPort()).isEqualTo(6543);
        assertThat(options.getDatabase()).isEqualTo("chatapp_7");
        assertThat(options.getUser()).isEqualTo("chat");
        assertThat(options.getPassword()).isEqualTo("s3cret");
        assertThat(options.getCachePreparedStatements()).isTrue();
        assertThat(RxChatStore.poolOptions(config).getMaxSize()).isEqualTo(7);
    }

    @Test
    void theDefaultPortIs5432() {
        ChatConfig config = ChatConfig.of(0, "jdbc:postgresql://localhost/chatapp", "postgres", "postgres");
        assertThat(RxChatStore.connectOptions(config).getPort()).isEqualTo(5432);
        assertThat(RxChatStore.poolOptions(config).getMaxSize()).isEqualTo(10);
    }
}
