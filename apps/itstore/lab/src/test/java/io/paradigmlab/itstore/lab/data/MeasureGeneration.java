package io.paradigmlab.itstore.lab.data;

import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.paradigmlab.itstore.schema.ItStoreSql;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Not a test: measures a generation end to end as the lab runs it ({@code TemplateDataSets.prepare}: create, migrate,
 * generate, keys, VACUUM) on a fresh embedded PostgreSQL, then times every query of {@link ItStoreSql} (one warm-up,
 * five runs, one at a time) and prints Q-PMP's plan. The numbers of docs/data.md come from it:
 * <pre>
 * ./mvnw -o -q dependency:build-classpath -pl apps/itstore/lab -Dmdep.includeScope=test -Dmdep.outputFile=/tmp/cp.txt
 * java -cp apps/itstore/lab/target/test-classes:apps/itstore/lab/target/classes:$(cat /tmp/cp.txt) \
 *     io.paradigmlab.itstore.lab.data.MeasureGeneration paper 42
 * </pre>
 */
public final class MeasureGeneration {

    private MeasureGeneration() {
    }

    public static void main(String[] args) throws Exception {
        ItStoreDataGenerator generator = new ItStoreDataGenerator();
        DataGenerator.Scale scale = generator.scale(args.length > 0 ? args[0] : "ci");
        long seed = args.length > 1 ? Long.parseLong(args[1]) : 42;
        Path work = Files.createTempDirectory("itstore-measure");
        try (EmbeddedPostgres embedded = EmbeddedPostgres.builder().setDataDirectory(work.resolve("pg"))
                .setCleanDataDirectory(true).start()) {
            PostgresEndpoint pg = new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres");
            List<DatabaseInfo> dbs = List.of(new DatabaseInfo(ItStoreDataGenerator.SERVICE, ItStoreSchema.DATABASE,
                    ItStoreSchema.MIGRATIONS));
            long started = System.nanoTime();
            var set = TemplateDataSets.prepare(pg, "itstore", dbs, generator, scale, seed, work.resolve("data"),
                    line -> System.out.println("  " + line));
            System.out.printf(Locale.ROOT, "prepare %s (seed %d): %.1f s end to end%n", scale.name(), seed,
                    (System.nanoTime() - started) / 1e9);
            started = System.nanoTime();
            TemplateDataSets.copy(pg, set, ItStoreDataGenerator.SERVICE, ItStoreSchema.DATABASE);
            System.out.printf(Locale.ROOT, "copy of the template: %.2f s%n", (System.nanoTime() - started) / 1e9);
            try (Connection c = DriverManager.getConnection(pg.jdbcUrl(ItStoreSchema.DATABASE), pg.user(),
                    pg.password()); Statement s = c.createStatement()) {
                try (ResultSet rs = s.executeQuery("select pg_size_pretty(pg_database_size(current_database()))")) {
                    rs.next();
                    System.out.println("database size: " + rs.getString(1));
                }
                Map<String, Object> params = Map.of("type", "c", "productId", 0, "year", 2022, "month", 10,
                        "n", 1_000, "id", 0);
                for (var q : ItStoreSql.BY_ENDPOINT.entrySet()) {
                    System.out.printf(Locale.ROOT, "%-28s %s%n", q.getKey(), time(c, q.getValue(), params));
                }
                try (ResultSet rs = s.executeQuery("EXPLAIN (ANALYZE, BUFFERS) " + ItStoreSql.PRODUCT_MAX_PROFIT)) {
                    while (rs.next()) {
                        System.out.println("  " + rs.getString(1));
                    }
                }
            }
        }
    }

    private static String time(Connection c, String namedSql, Map<String, Object> params) throws SQLException {
        List<Object> values = new ArrayList<>();
        var m = java.util.regex.Pattern.compile("(?<![:\\w]):(\\w+)").matcher(namedSql);
        StringBuilder sql = new StringBuilder();
        while (m.find()) {
            values.add(params.get(m.group(1)));
            m.appendReplacement(sql, "?");
        }
        m.appendTail(sql);
        List<Double> millis = new ArrayList<>();
        int rows = 0;
        try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                s.setObject(i + 1, values.get(i));
            }
            for (int run = 0; run < 6; run++) {
                long started = System.nanoTime();
                rows = 0;
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        rows++;
                    }
                }
                if (run > 0) {
                    millis.add((System.nanoTime() - started) / 1e6);
                }
            }
        }
        millis.sort(null);
        return String.format(Locale.ROOT, "%,6d rows  min %8.2f ms  median %8.2f ms", rows, millis.getFirst(),
                millis.get(2));
    }
}
