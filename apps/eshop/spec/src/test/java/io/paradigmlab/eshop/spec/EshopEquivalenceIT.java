package io.paradigmlab.eshop.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.eshop.lab.EshopDeployment;
import io.paradigmlab.eshop.lab.EshopService;
import io.paradigmlab.eshop.lab.EshopVariant;
import io.paradigmlab.eshop.schema.EshopSql;
import io.paradigmlab.lab.verify.StatementStatistics;
import io.paradigmlab.lab.verify.Work;
import io.paradigmlab.lab.verify.WorkMeter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The three variants side by side, one instance each: the same requests, in the same order, get the same answers
 * (normalized: an error's timestamp left out, the ids the databases assign masked, the export without the rows other
 * test classes add, a PNG by its hash) and do the same work, measured request by request with the lab's
 * {@link WorkMeter}: the same SQL statements on PostgreSQL and MariaDB, the same calls to Inventory, and that work is
 * the contract's (spec 2.7: e.g. a stock update is one lookup, one call, one upsert).
 *
 * <p>Shares the one-instance deployments with the variants' suites; keeps to product ids 100 to 199, codes from
 * {@code P4000000} and order numbers of its own, and sets the stock it orders from first, so its answers do not
 * depend on which class ran before.
 */
@ExtendWith(EshopFixture.Resolver.class)
class EshopEquivalenceIT {

    /** Stands for the MariaDB statements of Order, counted but not spelled out (a digest's text is MariaDB's). */
    private static final String ORDER_STATEMENTS = "order: (statements)";

    /**
     * One request of the comparison.
     *
     * @param masksIds     the answer holds ids a database assigned (masked before comparing)
     * @param statements   the contract's work: {@code "<service>: <EshopSql statement>"} to count, PostgreSQL's
     *                     spelled out, Order's as {@link #ORDER_STATEMENTS}
     * @param calls        the calls to Inventory, {@code "inventory <METHOD> <path template>"} to count
     */
    record Call(String service, String method, String path, String contentType, String body, int status,
                boolean masksIds, Map<String, Long> statements, Map<String, Long> calls) {

        @Override
        public String toString() {
            return service + " " + method + " " + path;
        }
    }

    @Test
    void everyArmGivesTheSameAnswersAndDoesTheSameWork(EshopFixture fixture) {
        Map<EshopVariant, EshopDeployment> variants = new LinkedHashMap<>();
        for (EshopVariant v : EshopFixture.variants()) {
            variants.put(v, fixture.deployment(v, 1));
        }
        Map<EshopVariant, WorkMeter> meters = new LinkedHashMap<>();
        variants.forEach((v, d) -> meters.put(v, new WorkMeter(fixture.infrastructure(), d)));
        Map<EshopVariant, Map<String, String>> vars = new LinkedHashMap<>();
        variants.keySet().forEach(v -> vars.put(v, new LinkedHashMap<>()));
        List<String> failures = new ArrayList<>();
        try {
            for (Call call : calls(fixture)) {
                Map<EshopVariant, String> answers = new LinkedHashMap<>();
                Map<EshopVariant, Work> works = new LinkedHashMap<>();
                for (var variant : variants.entrySet()) {
                    EshopVariant v = variant.getKey();
                    String path = substitute(call.path(), vars.get(v));
                    Client client = new Client(variant.getValue().urls(EshopService.of(call.service())));
                    WorkMeter meter = meters.get(v);
                    meter.reset();
                    Client.Response r = client.send(call.method(), path, call.contentType(),
                            call.body() == null ? null : call.body().getBytes(StandardCharsets.UTF_8));
                    works.put(v, meter.settle());
                    remember(r, vars.get(v));
                    if (r.status() != call.status()) {
                        failures.add(v.id() + " " + call + ": status " + r.status() + ", expected " + call.status()
                                + ": " + r);
                    }
                    answers.put(v, normalize(call, r));
                }
                String first = answers.values().iterator().next();
                answers.forEach((v, a) -> {
                    if (!a.equals(first)) {
                        failures.add(call + ": " + v.id() + " answered\n    " + shorten(a) + "\n  "
                                + answers.keySet().iterator().next().id() + " answered\n    " + shorten(first));
                    }
                });
                EshopVariant firstArm = works.keySet().iterator().next();
                Work reference = works.get(firstArm);
                works.forEach((v, w) -> {
                    if (!w.statements().equals(reference.statements()) || !w.calls().equals(reference.calls())) {
                        failures.add(call + ": " + v.id() + " did " + describe(w) + "\n  " + firstArm.id() + " did "
                                + describe(reference));
                    }
                    Map<String, Long> statements = contractView(w.statements());
                    if (!statements.equals(call.statements()) || !w.calls().equals(call.calls())) {
                        failures.add(call + ": " + v.id() + " did " + statements + " " + w.calls()
                                + "\n  the contract says " + call.statements() + " " + call.calls());
                    }
                });
            }
        } finally {
            meters.values().forEach(WorkMeter::close);
        }
        assertThat(failures).as(String.join("\n", failures)).isEmpty();
    }

    private static List<Call> calls(EshopFixture fixture) {
        String code102 = fixture.code(102);
        String code104 = fixture.code(104);
        String reserved = SeedData.invalidOrders().get(7).productCode();
        String invalid = EshopSpec.INVALID_ORDERS;
        NewProduct added = new NewProduct("P4000001", "Équivalence Lamp", "Home & Living",
                new java.math.BigDecimal("19.9"), "the same, everywhere");
        List<NewProduct> imported = IntStream.rangeClosed(1, 3).mapToObj(i -> SeedData.product(4_000_100 + i))
                .toList();
        List<NewProduct> duplicate = List.of(SeedData.product(4_000_201), SeedData.product(1));
        String bulkMixed = EshopSpec.batch(EshopSpec.line(number(1), code102, 2), EshopSpec.line(number(2), reserved, 1));
        String individualMixed = EshopSpec.batch(EshopSpec.line(number(3), code102, 1),
                EshopSpec.line(number(4), reserved, 1));
        String json = Client.JSON;
        String csv = ProductCsv.MEDIA_TYPE;

        List<Call> calls = new ArrayList<>();
        // Product
        calls.add(call("product", "GET", "/products/101", null, null, 200, sql("product", EshopSql.PRODUCT_BY_ID)));
        calls.add(call("product", "GET", "/products/99999999", null, null, 404, sql("product", EshopSql.PRODUCT_BY_ID)));
        calls.add(call("product", "GET", "/products/abc", null, null, 400, Map.of()));
        calls.add(call("product", "GET", "/products/99999999999999999999", null, null, 400, Map.of()));
        calls.add(masked(call("product", "POST", "/products", json, Json.write(added), 201,
                sql("product", EshopSql.INSERT_PRODUCT))));
        calls.add(call("product", "POST", "/products", json, Json.write(added), 409, sql("product", EshopSql.INSERT_PRODUCT)));
        calls.add(call("product", "POST", "/products", json, "{\"code\":", 400, Map.of()));
        calls.add(call("product", "POST", "/products", json, "{\"code\":\"P4000002\",\"name\":\"N\\u0000\",\"category\":\"\","
                + "\"price\":1e400}", 400, Map.of()));
        calls.add(withCalls(call("product", "PUT", "/products/102/stock", json, "{\"quantity\":50}", 200,
                        sql("product", EshopSql.PRODUCT_CODE_BY_ID, "inventory", EshopSql.UPSERT_STOCK)),
                Map.of("inventory PUT /inventory/" + code102, 1L)));
        calls.add(call("product", "PUT", "/products/99999999/stock", json, "{\"quantity\":5}", 404,
                sql("product", EshopSql.PRODUCT_CODE_BY_ID)));
        calls.add(call("product", "PUT", "/products/102/stock", json, "{\"quantity\":-1}", 400, Map.of()));
        calls.add(call("product", "PUT", "/products/102/stock", json, "{\"quantity\":1.5}", 400, Map.of()));
        calls.add(call("product", "GET", "/products/delay?ms=5", null, null, 200, Map.of()));
        calls.add(call("product", "GET", "/products/delay?ms=x", null, null, 400, Map.of()));
        calls.add(call("product", "GET", "/products/104/barcode", null, null, 200,
                sql("product", EshopSql.PRODUCT_CODE_BY_ID)));
        calls.add(call("product", "GET", "/products/99999999/barcode", null, null, 404,
                sql("product", EshopSql.PRODUCT_CODE_BY_ID)));
        calls.add(call("product", "POST", "/products/import", csv, ProductCsv.document(imported), 201,
                sql("product", EshopSql.IMPORT_PRODUCTS)));
        calls.add(call("product", "POST", "/products/import", csv, ProductCsv.headerLine()
                + "P4000301,Name,Toys,1.00,\r\nP4000302,,Toys,0,\r\n", 400, Map.of()));
        calls.add(call("product", "POST", "/products/import", csv, ProductCsv.document(duplicate), 409,
                sql("product", EshopSql.IMPORT_PRODUCTS)));
        calls.add(call("product", "POST", "/products/import", json, "{}", 415, Map.of()));
        calls.add(call("product", "GET", "/products/export", null, null, 200, sql("product", EshopSql.EXPORT_PRODUCTS)));
        calls.add(call("product", "GET", "/nothing", null, null, 404, Map.of()));
        calls.add(call("product", "DELETE", "/products/101", null, null, 405, Map.of()));
        // Inventory
        calls.add(call("inventory", "GET", "/inventory/" + code102, null, null, 200,
                sql("inventory", EshopSql.STOCK_BY_CODE)));
        calls.add(call("inventory", "GET", "/inventory/P9999999", null, null, 404,
                sql("inventory", EshopSql.STOCK_BY_CODE)));
        calls.add(call("inventory", "GET", "/inventory/x", null, null, 400, Map.of()));
        calls.add(call("inventory", "PUT", "/inventory/" + fixture.code(103), json, "{\"quantity\":20}", 200,
                sql("inventory", EshopSql.UPSERT_STOCK)));
        calls.add(call("inventory", "POST", "/inventory/reservations", json, "[]", 400, Map.of()));
        // Order
        calls.add(withCalls(call("order", "POST", "/orders/batch?mode=bulk", json, invalid, 200,
                sql("inventory", EshopSql.RESERVE_MANY)), Map.of("inventory POST /inventory/reservations", 1L)));
        calls.add(withCalls(call("order", "POST", "/orders/batch?mode=individual", json, invalid, 200,
                        times(SeedData.INVALID_ORDER_LINES, sql("inventory", EshopSql.RESERVE_ONE))),
                Map.of("inventory POST /inventory/reservations/one?delayMs={n}", (long) SeedData.INVALID_ORDER_LINES)));
        calls.add(masked(withCalls(call("order", "POST", "/orders/batch?mode=bulk", json, bulkMixed, 200,
                        plus(sql("inventory", EshopSql.RESERVE_MANY), Map.of(ORDER_STATEMENTS, 1L))),
                Map.of("inventory POST /inventory/reservations", 1L))));
        calls.add(masked(call("order", "GET", "/orders/{order}", null, null, 200, Map.of(ORDER_STATEMENTS, 1L))));
        calls.add(masked(withCalls(call("order", "POST", "/orders/batch?mode=individual&delayMs=0", json,
                        individualMixed, 200, plus(times(2, sql("inventory", EshopSql.RESERVE_ONE)),
                                Map.of(ORDER_STATEMENTS, 1L))),
                Map.of("inventory POST /inventory/reservations/one?delayMs={n}", 2L))));
        calls.add(call("order", "GET", "/orders/99999999", null, null, 404, Map.of(ORDER_STATEMENTS, 1L)));
        calls.add(call("order", "GET", "/orders/abc", null, null, 400, Map.of()));
        calls.add(call("order", "POST", "/orders/batch?mode=slow", json, bulkMixed, 400, Map.of()));
        calls.add(call("order", "POST", "/orders/batch", json, "{\"orders\":[{\"productCode\":\"P1\",\"quantity\":0}]}",
                400, Map.of()));
        calls.add(call("order", "POST", "/orders/batch", json, "{\"orders\":[", 400, Map.of()));
        // after the orders: Inventory's stock of the product ordered from
        calls.add(call("inventory", "GET", "/inventory/" + code102, null, null, 200,
                sql("inventory", EshopSql.STOCK_BY_CODE)));
        return calls;
    }

    private static Call call(String service, String method, String path, String contentType, String body, int status,
                             Map<String, Long> statements) {
        return new Call(service, method, path, contentType, body, status, false, statements, Map.of());
    }

    private static Call masked(Call c) {
        return new Call(c.service(), c.method(), c.path(), c.contentType(), c.body(), c.status(), true, c.statements(),
                c.calls());
    }

    private static Call withCalls(Call c, Map<String, Long> calls) {
        return new Call(c.service(), c.method(), c.path(), c.contentType(), c.body(), c.status(), c.masksIds(),
                c.statements(), calls);
    }

    /** One run of each statement, {@code service, EshopSql text, service, text, ...}, as the lab counts them. */
    private static Map<String, Long> sql(String... serviceAndStatement) {
        Map<String, Long> out = new TreeMap<>();
        for (int i = 0; i < serviceAndStatement.length; i += 2) {
            out.merge(serviceAndStatement[i] + ": " + normalized(serviceAndStatement[i + 1]), 1L, Long::sum);
        }
        return out;
    }

    private static Map<String, Long> times(long n, Map<String, Long> work) {
        Map<String, Long> out = new TreeMap<>();
        work.forEach((k, v) -> out.put(k, v * n));
        return out;
    }

    private static Map<String, Long> plus(Map<String, Long> a, Map<String, Long> b) {
        Map<String, Long> out = new TreeMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, Long::sum));
        return out;
    }

    /** An EshopSql statement as pg_stat_statements shows it, normalized: {@code :name} parameters as {@code ?}. */
    private static String normalized(String sql) {
        return StatementStatistics.normalize(sql.replaceAll(":[A-Za-z]+", "\\$1"));
    }

    /** The measured statements with Order's (MariaDB) counted under {@link #ORDER_STATEMENTS}. */
    private static Map<String, Long> contractView(Map<String, Long> statements) {
        Map<String, Long> out = new TreeMap<>();
        statements.forEach((k, v) -> out.merge(k.startsWith("order: ") ? ORDER_STATEMENTS : k, v, Long::sum));
        return out;
    }

    private static String number(int n) {
        return UUID.nameUUIDFromBytes(("eshop-spec-equivalence-" + n).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static String substitute(String path, Map<String, String> vars) {
        String out = path;
        for (var e : vars.entrySet()) {
            out = out.replace("{" + e.getKey() + "}", e.getValue());
        }
        return out;
    }

    /** The id of the first accepted order, for {@code GET /orders/{order}}. */
    private static void remember(Client.Response r, Map<String, String> vars) {
        if (r.status() == 200 && r.mediaType().equals(Client.JSON) && r.body().startsWith("{\"accepted\"")) {
            JsonNode accepted = r.json().get("accepted");
            if (accepted.size() > 0) {
                vars.put("order", accepted.get(0).get("id").asString());
            }
        }
    }

    /** Status, media type, the headers that matter, and the body as compared. */
    static String normalize(Call call, Client.Response r) {
        StringBuilder out = new StringBuilder().append(r.status()).append(' ').append(r.mediaType());
        if (r.header("retry-after") != null) {
            out.append(" Retry-After: ").append(r.header("retry-after"));
        }
        if (r.header("location") != null) {
            out.append(" Location: ").append(call.masksIds() ? r.header("location").replaceAll("\\d+$", "{id}")
                    : r.header("location"));
        }
        out.append(' ');
        switch (r.mediaType()) {
            case Client.JSON -> {
                JsonNode body = r.json();
                if (body instanceof ObjectNode object) {
                    object.remove("timestamp");
                }
                if (call.masksIds()) {
                    maskIds(body);
                }
                out.append(Json.write(body));
            }
            case ProductCsv.MEDIA_TYPE -> out.append(r.header("content-type").toLowerCase().replace(" ", ""))
                    .append('\n').append(withoutOtherClassesRows(r.body()));
            case "image/png" -> out.append("PNG sha-256 ").append(sha256(r.bytes()));
            default -> out.append(r.body());
        }
        return out.toString();
    }

    private static void maskIds(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("id")) {
                object.put("id", 0);
            }
            object.values().forEach(EshopEquivalenceIT::maskIds);
        } else if (node instanceof ArrayNode array) {
            array.forEach(EshopEquivalenceIT::maskIds);
        }
    }

    /** The export without the rows of codes {@code P3xxxxxx}, which the variants' suites add. */
    private static String withoutOtherClassesRows(String csv) {
        StringBuilder out = new StringBuilder();
        for (String record : csv.split("\r\n", -1)) {
            if (!record.startsWith("P3")) {
                out.append(record).append("\r\n");
            }
        }
        return out.toString();
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String describe(Work w) {
        return w.statements() + " " + w.calls();
    }

    private static String shorten(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "..." : s;
    }
}
