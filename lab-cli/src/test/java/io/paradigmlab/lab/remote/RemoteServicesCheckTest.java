package io.paradigmlab.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.LabException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What services on another machine cannot reach on the lab's loopback, refused before anything starts. */
class RemoteServicesCheckTest {

    /** An application with a PostgreSQL and a MariaDB database whose services use Redis: only what the check reads. */
    private static final Application APP = new Application() {
        public String id() {
            return "shop";
        }

        public String description() {
            return "a test application";
        }

        public List<VariantInfo> variants() {
            return List.of();
        }

        public List<ServiceInfo> services() {
            return List.of();
        }

        public List<DatabaseInfo> databases() {
            return List.of(new DatabaseInfo("product", "shop_product", "classpath:db"),
                    new DatabaseInfo("order", "shop_order", "classpath:db", DatabaseInfo.Engine.MARIADB));
        }

        public DataGenerator data() {
            throw new UnsupportedOperationException();
        }

        public List<ScenarioInfo> scenarios() {
            return List.of();
        }

        public Deployment launch(LaunchRequest request) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean usesRedis() {
            return true;
        }
    };

    private static final ServiceHost ELSEWHERE = new ServiceHost("lab", "192.0.2.7", 22, Path.of("key"), "/j/bin/java",
            null);
    private static final ServiceHost LOOPBACK = new ServiceHost("lab", "127.0.0.1", 2222, Path.of("key"), "/j/bin/java",
            null);

    @Test
    void anotherMachineNeedsEveryDatabaseByAReachableUrlAndNoLoopbackProxies() {
        assertThatThrownBy(() -> RemoteServices.checkReachable(new RemoteServices.Needs(APP, null, null, null, true,
                true), ELSEWHERE)).isInstanceOf(LabException.class)
                .hasMessageContaining("--postgres-url").hasMessageContaining("--redis-url")
                .hasMessageContaining("--mariadb-url").hasMessageContaining("--redis-latency 0")
                .hasMessageContaining("--verify off");
        assertThatThrownBy(() -> RemoteServices.checkReachable(new RemoteServices.Needs(APP,
                "postgres://lab:pw@localhost:5432/postgres", "redis://10.0.0.5:6379", "mariadb://lab:pw@10.0.0.5:3306",
                false, false), ELSEWHERE))
                .hasMessageContaining("--postgres-url postgres://lab:pw@localhost:5432/postgres is this machine's"
                        + " loopback").message().doesNotContain("--redis-url").doesNotContain("--mariadb-url");
        assertThatCode(() -> RemoteServices.checkReachable(new RemoteServices.Needs(APP,
                "postgres://lab:pw@10.0.0.5:5432/postgres", "redis://10.0.0.5:6379", "mariadb://lab:pw@10.0.0.5:3306",
                false, false), ELSEWHERE)).doesNotThrowAnyException();
    }

    @Test
    void theLoopbackHostReachesTheEmbeddedDatabasesAndProxies() {
        assertThatCode(() -> RemoteServices.checkReachable(new RemoteServices.Needs(APP, null, null, null, true, true),
                LOOPBACK)).doesNotThrowAnyException();
        assertThat(LOOPBACK.loopback()).isTrue();
        assertThat(ELSEWHERE.loopback()).isFalse();
    }
}
