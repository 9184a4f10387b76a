package io.paradigmlab.eshop.lab;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceLauncher;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.load.ScenarioLoad;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The e-shop's declaration, its data set at scale ci on a real PostgreSQL, and its nine scenario files. */
class EshopApplicationTest {

    @TempDir
    static Path work;
    static Infrastructure infra;
    static TemplateDataSets.DataSet data;
    static final EshopApplication APP = new EshopApplication();

    @BeforeAll
    static void generate() {
        infra = Infrastructure.start(new Infrastructure.Options(null, null, work.resolve("infra")));
        data = TemplateDataSets.prepare(infra.postgres(), APP.id(), APP.databases(), APP.data(),
                APP.data().scale("ci"), 1, work.resolve("data"), line -> System.out.println("  " + line));
    }

    @AfterAll
    static void stop() {
        if (infra != null) {
            infra.close();
        }
    }

    @Test
    void theLabFindsItWithItsServicesAndDatabases() {
        assertThat(Applications.find(EshopApplication.ID).id()).isEqualTo("eshop");
        assertThat(APP.variants()).extracting(v -> v.id()).containsExactly("platform", "virtual", "reactive");
        assertThat(APP.services()).extracting(s -> s.id() + ":" + s.defaultPort())
                .containsExactly("product:8181", "inventory:8182", "order:8183");
        assertThat(APP.databases()).extracting(DatabaseInfo::engine).containsExactly(DatabaseInfo.Engine.POSTGRES,
                DatabaseInfo.Engine.POSTGRES, DatabaseInfo.Engine.MARIADB);
        assertThat(APP.launchSettings()).containsKeys(Application.INSTANCES, Application.FAITHFUL,
                EshopApplication.FAN_OUT, EshopApplication.POOL_SIZE);
        // every scenario launches its entry service and inventory, which it calls
        assertThat(APP.servicesFor(APP.scenario("delayed-calls"))).containsExactly("order", "inventory");
        assertThat(APP.servicesFor(APP.scenario("fetch-product"))).containsExactly("product", "inventory");
    }

    @Test
    void theCiDataSetHoldsTheProductsAndTheReservedBlockInCodeOrder() throws Exception {
        // the MariaDB database has no template: it is created afresh per launch
        assertThat(data.templates()).containsOnlyKeys("product", "inventory");
        TemplateDataSets.copy(infra.postgres(), data, "product", "eshop_product_check");
        TemplateDataSets.copy(infra.postgres(), data, "inventory", "eshop_inventory_check");
        try (Connection c = connect("eshop_product_check"); Statement s = c.createStatement()) {
            assertThat(single(s, "SELECT count(*) FROM product")).isEqualTo(3_000);
            assertThat(single(s, "SELECT count(*) FROM product WHERE id = CAST(substr(code, 2) AS int)"))
                    .as("ids follow codes up to the gap").isEqualTo(2_000);
        }
        try (Connection c = connect("eshop_inventory_check"); Statement s = c.createStatement()) {
            assertThat(single(s, "SELECT count(*) FROM inventory WHERE quantity = 0")).isEqualTo(SeedData.RESERVED);
            assertThat(single(s, "SELECT count(*) FROM inventory WHERE quantity BETWEEN 10 AND 1000"))
                    .isEqualTo(2_000);
        }
        Path dir = data.dataDir();
        assertThat(Files.readAllLines(dir.resolve(EshopDataGenerator.PRODUCTS_CSV))).hasSize(3_001)
                .startsWith("id,code", "1,P0000001");
        assertThat(Files.readAllLines(dir.resolve(EshopDataGenerator.NEW_PRODUCTS_CSV))).hasSize(100_001);
        assertThat(Files.readString(dir.resolve(EshopDataGenerator.INVALID_ORDERS_JSON)))
                .startsWith("{\"orders\":[{\"orderNumber\":\"").contains(SeedData.code(SeedData.FIRST_RESERVED));
        List<String> imports = Files.readAllLines(dir.resolve(EshopDataGenerator.IMPORTS_CSV));
        assertThat(imports).hasSize(41).first().isEqualTo("file");
        // each import file parses as the service parses it, with codes no other file and no product has
        var first = ProductCsv.parse(Files.readAllBytes(dir.resolve(imports.get(1))));
        var second = ProductCsv.parse(Files.readAllBytes(dir.resolve(imports.get(2))));
        assertThat(first).hasSize(SeedData.IMPORT_ROWS);
        assertThat(first.getLast().code()).isLessThan(second.getFirst().code());
        assertThat(first.getFirst().code()).isGreaterThan(SeedData.code(SeedData.PRODUCTS));
    }

    @Test
    void everyScenarioFileIsValidAgainstTheDataSet() throws IOException {
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("product", "http://127.0.0.1:8181");
        endpoints.put("order", "http://127.0.0.1:8183");
        assertThat(APP.scenarios()).hasSize(9);
        for (var scenario : APP.scenarios()) {
            String text;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(scenario.resource())) {
                assertThat(in).as(scenario.resource()).isNotNull();
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            ScenarioLoad.validate(scenario.id(), text, new ScenarioLoad.Target(endpoints, data.dataDir()));
            assertThat(APP.loadPresets(scenario)).extracting(p -> p.name()).containsExactly("quick", "seed003");
        }
    }

    @Test
    void badLaunchSettingsAreRefusedBeforeAnythingStarts() {
        for (var bad : List.of(Map.of(Application.INSTANCES, "0"), Map.of(EshopApplication.FAN_OUT, "abc"),
                Map.of(EshopApplication.POOL_SIZE, "100000"), Map.of(Application.FAITHFUL, "yes"))) {
            assertThatThrownBy(() -> APP.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), "platform", Set.of("product"),
                    work).withSecurity(false).withSettings(bad))).isInstanceOf(LabException.class).hasMessageContaining("--set");
        }
        assertThatThrownBy(() -> APP.launch(LaunchRequest.of(infra, ServiceLauncher.standard(RepoLayout.locate()), "reactiv", Set.of("product"), work)
                .withSecurity(false)))
                .isInstanceOf(LabException.class).hasMessageContaining("platform, virtual, reactive");
    }

    private static Connection connect(String database) throws Exception {
        var pg = infra.postgres();
        return DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
    }

    private static long single(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
