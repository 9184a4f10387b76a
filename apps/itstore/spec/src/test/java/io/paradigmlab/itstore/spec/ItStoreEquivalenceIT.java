package io.paradigmlab.itstore.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.lab.ItStoreApplication;
import io.paradigmlab.itstore.lab.ItStoreDeployment;
import io.paradigmlab.itstore.lab.ItStoreVariant;
import io.paradigmlab.itstore.schema.ItStoreSql;
import io.paradigmlab.lab.verify.StatementStatistics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The six variants side by side: the same requests get the same answers (normalized: an error's timestamp left out, the
 * rows of an answer without a promised order sorted), {@code first_N_products} byte for byte, streamed or
 * materialized; and each request runs exactly one SQL statement, the same text in every variant, counted by PostgreSQL
 * ({@code pg_stat_statements}).
 */
@ExtendWith(ItStoreFixture.Resolver.class)
class ItStoreEquivalenceIT {

    /** Every endpoint with parameters, and bad requests, as a client sends them. */
    static final List<String> REQUESTS = List.of(
            "/itStore/ces_by_type?type=c", "/itStore/ces_by_type?type=m", "/itStore/ces_by_type?type=x",
            "/itStore/characteristics_for_product?productId=123", "/itStore/characteristics_for_product?productId=-5",
            "/itStore/max_invoice", "/itStore/items_between_dates", "/itStore/items_between_dates?year=2023&month=7",
            "/itStore/items_between_dates?year=0&month=0", "/itStore/sales_cost", "/itStore/month_with_greatest_sale",
            "/itStore/profit_on_each_product", "/itStore/product_max_profit", "/itStore/category_profit",
            "/itStore/first_N_products?N=0", "/itStore/first_N_products?N=2500", "/itStore/first_N_products?N=x",
            "/itStore/products/17", "/itStore/products/20000", "/itStore/products/x", "/itStore/test_controller_only",
            "/itStore/unknown");

    /** The answers whose row order the contract does not promise: compared as sets. */
    static final Set<String> UNORDERED = Set.of("characteristics_for_product", "items_between_dates",
            "month_with_greatest_sale", "product_max_profit");

    @Test
    void everyCellGivesTheSameNormalizedAnswers(ItStoreFixture fixture) {
        Map<ItStoreVariant, Client> clients = clients(fixture);
        for (String request : REQUESTS) {
            Map<ItStoreVariant, String> answers = new LinkedHashMap<>();
            clients.forEach((variant, client) -> {
                Client.Response r = client.get(request);
                answers.put(variant, r.status() + " " + contentType(r) + " " + normalize(request, r.json()));
            });
            String first = answers.values().iterator().next();
            assertThat(answers).as(request).allSatisfy((variant, answer) -> assertThat(answer).as("%s %s", variant,
                    request).isEqualTo(first));
        }
    }

    /** HEAD and OPTIONS as HTTP defines them (Spring's own handling, the same on both stacks); other methods 405. */
    @Test
    void everyCellAnswersHeadAndOptionsAlike(ItStoreFixture fixture) {
        clients(fixture).forEach((variant, client) -> {
            Client.Response head = client.send("HEAD", "/itStore/max_invoice");
            assertThat(head.status()).as("%s HEAD", variant).isEqualTo(200);
            assertThat(head.body()).as("%s HEAD", variant).isEmpty();
            Client.Response options = client.send("OPTIONS", "/itStore/max_invoice");
            assertThat(options.status()).as("%s OPTIONS", variant).isEqualTo(200);
            assertThat(options.header("allow")).as("%s OPTIONS", variant).isEqualTo("GET,HEAD,OPTIONS");
            assertThat(client.send("PUT", "/itStore/max_invoice").status()).as("%s PUT", variant).isEqualTo(405);
        });
    }

    /** Streamed or materialized, JDBC or R2DBC, Tomcat or Netty: the same bytes. */
    @Test
    void firstNProductsIsTheSameBytesInEveryCellStreamedOrMaterialized(ItStoreFixture fixture) {
        String request = "/itStore/first_N_products?N=" + ItStoreSpec.PRODUCTS;
        Map<String, String> bodies = new LinkedHashMap<>();
        clients(fixture).forEach((variant, client) -> bodies.put(variant.id(), client.get(request).body()));
        for (ItStoreVariant variant : List.of(ItStoreVariant.JDBC_MVC, ItStoreVariant.R2DBC_WEBFLUX)) {
            try (ItStoreDeployment materialized = fixture.startDeployment(variant, "_materialized",
                    Map.of(ItStoreApplication.MATERIALIZE, "true"))) {
                bodies.put(variant.id() + " materialized", new Client(materialized.url()).get(request).body());
            }
        }
        String first = bodies.values().iterator().next();
        assertThat(Expected.elements(Json.parse(first))).hasSize(ItStoreSpec.PRODUCTS);
        assertThat(bodies).allSatisfy((variant, body) -> assertThat(body).as(variant).isEqualTo(first));
    }

    /** One statement per request, the endpoint's own text, in every variant; none for the endpoint without database. */
    @Test
    void everyRequestRunsExactlyOneStatementTheSameInEveryCell(ItStoreFixture fixture) {
        Map<ItStoreVariant, Client> clients = clients(fixture);
        Map<String, String> databases = new LinkedHashMap<>();
        clients.keySet().forEach(v -> databases.put(fixture.deployment(v).database(), v.id()));
        Map<String, String> statements = new LinkedHashMap<>();
        statements.put("/itStore/ces_by_type?type=e", ItStoreSql.CES_BY_TYPE);
        statements.put("/itStore/characteristics_for_product?productId=3", ItStoreSql.CHARACTERISTICS_FOR_PRODUCT);
        statements.put("/itStore/max_invoice", ItStoreSql.MAX_INVOICE);
        statements.put("/itStore/items_between_dates", ItStoreSql.ITEMS_BETWEEN_DATES);
        statements.put("/itStore/sales_cost", ItStoreSql.SALES_COST);
        statements.put("/itStore/month_with_greatest_sale", ItStoreSql.MONTH_WITH_GREATEST_SALE);
        statements.put("/itStore/profit_on_each_product", ItStoreSql.PROFIT_ON_EACH_PRODUCT);
        statements.put("/itStore/product_max_profit", ItStoreSql.PRODUCT_MAX_PROFIT);
        statements.put("/itStore/category_profit", ItStoreSql.CATEGORY_PROFIT);
        statements.put("/itStore/first_N_products?N=4500", ItStoreSql.FIRST_N_PRODUCTS);
        statements.put("/itStore/products/9", ItStoreSql.PRODUCT_BY_ID);
        statements.put("/itStore/test_controller_only", null);
        try (StatementStatistics stats = new StatementStatistics(fixture.infrastructure().postgres())) {
            statements.forEach((request, sql) -> {
                stats.reset();
                clients.values().forEach(client -> assertThat(client.get(request).status()).isEqualTo(200));
                Map<String, Long> counted = stats.read(databases);
                Map<String, Long> wanted = new LinkedHashMap<>();
                if (sql != null) {
                    String normalized = StatementStatistics.normalize(sql.replaceAll(":[A-Za-z]+", "\\$1"));
                    clients.keySet().forEach(v -> wanted.put(v.id() + ": " + normalized, 1L));
                }
                assertThat(counted).as(request).isEqualTo(wanted);
            });
        }
    }

    private static Map<ItStoreVariant, Client> clients(ItStoreFixture fixture) {
        Map<ItStoreVariant, Client> clients = new LinkedHashMap<>();
        for (ItStoreVariant variant : ItStoreVariant.values()) {
            clients.put(variant, new Client(fixture.deployment(variant).url()));
        }
        return clients;
    }

    private static String contentType(Client.Response r) {
        String type = r.header("content-type");
        return type == null ? "none" : type.split(";")[0];
    }

    private static String normalize(String request, JsonNode body) {
        if (body instanceof ObjectNode object && object.has("timestamp")) {
            object.remove("timestamp");
            return Json.MAPPER.writeValueAsString(object);
        }
        if (body.isArray() && UNORDERED.stream().anyMatch(request::contains)) {
            return String.join(",", Expected.set(Expected.elements(body)));
        }
        return Json.MAPPER.writeValueAsString(body);
    }
}
