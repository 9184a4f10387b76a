package io.paradigmlab.itstore.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.itstore.schema.ItStoreSql;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts that need no database: SQL rendering, the statement lists, options, URL parsing, the summary table. */
class BenchPartsTest {

    @Test
    void namedParametersBecomeQuestionMarksAndNumbersAndNothingElseChanges() {
        Sql sql = Sql.of("select :a::text, ':b', x from t where y = :b and z = :a");
        assertThat(sql.jdbc()).isEqualTo("select ?::text, ':b', x from t where y = ? and z = ?");
        assertThat(sql.r2dbc()).isEqualTo("select $1::text, ':b', x from t where y = $2 and z = $1");
        assertThat(sql.names()).containsExactly("a", "b");
        assertThat(sql.jdbcArgs()).containsExactly(0, 1, 0);

        Sql items = Sql.of(ItStoreSql.ITEMS_BETWEEN_DATES);
        assertThat(items.names()).containsExactly("month", "year");
        assertThat(items.r2dbc()).isEqualTo(ItStoreSql.ITEMS_BETWEEN_DATES.replace(":month", "$1")
                .replace(":year", "$2"));
    }

    @Test
    void theDdlIsTheMigrationsFiveTablesAndSevenForeignKeysAndTheDropsUndoIt() {
        List<String> create = Workload.ddlCreate().stream().map(s -> s.sql().named()).toList();
        assertThat(create).hasSize(12);
        assertThat(create.subList(0, 5)).allMatch(s -> s.startsWith("CREATE TABLE "));
        assertThat(create.subList(5, 12)).allMatch(s -> s.matches("ALTER TABLE \\w+ ADD CONSTRAINT FK_\\w+ FOREIGN KEY .*"));
        assertThat(create).noneMatch(s -> s.contains("--"));

        List<String> drop = Workload.ddlDrop().stream().map(s -> s.sql().named()).toList();
        assertThat(drop).containsExactly(
                "ALTER TABLE CHARACTERISTIC DROP CONSTRAINT FK_P_C",
                "ALTER TABLE ITEM DROP CONSTRAINT FK_IN_IT",
                "ALTER TABLE ITEM DROP CONSTRAINT FK_P_IT",
                "ALTER TABLE PRODUCTS DROP CONSTRAINT FK_CES_P",
                "ALTER TABLE INVOICE DROP CONSTRAINT FK_CES_IN_BUYER",
                "ALTER TABLE INVOICE DROP CONSTRAINT FK_CES_IN_EMPLOYEE",
                "ALTER TABLE INVOICE DROP CONSTRAINT FK_CES_IN_VENDOR",
                "DROP TABLE CHARACTERISTIC",
                "DROP TABLE ITEM",
                "DROP TABLE PRODUCTS",
                "DROP TABLE INVOICE",
                "DROP TABLE CUSTOMER_EMPLOYEE_SUPPLIER");
    }

    @Test
    void theDmlIsTheEndpointsQueriesTheUpdatesByKeyAndTheDeletesChildrenFirst() {
        assertThat(Workload.simpleQueries()).extracting(s -> s.sql().named()).containsExactly(ItStoreSql.CES_BY_TYPE,
                ItStoreSql.CHARACTERISTICS_FOR_PRODUCT, ItStoreSql.MAX_INVOICE, ItStoreSql.ITEMS_BETWEEN_DATES);
        assertThat(Workload.complexQueries()).extracting(s -> s.sql().named()).containsExactly(ItStoreSql.SALES_COST,
                ItStoreSql.MONTH_WITH_GREATEST_SALE, ItStoreSql.PRODUCT_MAX_PROFIT, ItStoreSql.CATEGORY_PROFIT);
        assertThat(Workload.simpleQueries().getLast().args()).containsExactly(Workload.MONTH, Workload.YEAR);
        assertThat(Workload.updates(new Workload.InvoiceKey(1, java.time.LocalDate.of(2021, 1, 3))))
                .extracting(s -> s.sql().named().split(" ")[1]).containsExactly("products", "invoice", "characteristic");
        assertThat(Workload.deleteAll()).extracting(s -> s.sql().named()).containsExactly("delete from item",
                "delete from invoice", "delete from characteristic", "delete from products",
                "delete from customer_employee_supplier");
    }

    @Test
    void insertKIsOneTransactionOfAThousandRowsPerTableInForeignKeyOrder() {
        List<Step> steps = Workload.insert(3);
        assertThat(steps).hasSize(3 * 1_000 + 2);
        assertThat(steps.getFirst().kind()).isEqualTo(Step.Kind.BEGIN);
        assertThat(steps.getLast().kind()).isEqualTo(Step.Kind.COMMIT);
        assertThat(steps.get(1).sql().named()).startsWith("insert into customer_employee_supplier ");
        assertThat(steps.get(1_001).sql().named()).startsWith("insert into products ");
        assertThat(steps.get(3_000).sql().named()).startsWith("insert into characteristic ");
        assertThatThrownBy(() -> Workload.insert(6)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Step.update(Sql.of("update t set a = :a"))).hasMessageContaining("takes 1 arguments");
    }

    @Test
    void optionsHaveDefaultsQuickAndClearErrors() {
        BenchOptions serious = BenchOptions.parse();
        assertThat(serious.coldForks()).isEqualTo(5);
        assertThat(serious.warmForks()).isEqualTo(3);
        assertThat(serious.warmup()).isEqualTo(5);
        assertThat(serious.iterations()).isEqualTo(10);
        assertThat(serious.scale()).isEqualTo("ci");
        assertThat(serious.operations()).hasSize(7);

        BenchOptions quick = BenchOptions.parse("--quick", "--scale=paper", "--only", "insert,updates");
        assertThat(quick.coldForks()).isEqualTo(1);
        assertThat(quick.warmForks()).isEqualTo(1);
        assertThat(quick.iterations()).isEqualTo(3);
        assertThat(quick.scale()).isEqualTo("paper");
        assertThat(quick.operations()).containsExactly("updates", "insert");
        assertThat("io.paradigmlab.itstore.bench.DriverBenchmarks.insert").containsPattern(quick.includePattern());
        assertThat("io.paradigmlab.itstore.bench.DriverBenchmarks.ddlCreate").doesNotContainPattern(
                quick.includePattern());
        assertThat(BenchOptions.parse("--quick", "--iterations", "7").iterations()).isEqualTo(7);

        assertThatThrownBy(() -> BenchOptions.parse("--scale", "huge")).hasMessageContaining("ci or paper");
        assertThatThrownBy(() -> BenchOptions.parse("--cold-forks", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> BenchOptions.parse("--warmup", "x")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> BenchOptions.parse("--only", "selects")).hasMessageContaining("unknown operation");
        assertThatThrownBy(() -> BenchOptions.parse("--iterations")).hasMessageContaining("needs a value");
        assertThatThrownBy(() -> BenchOptions.parse("--fast")).hasMessageContaining("unknown option '--fast'");
    }

    @Test
    void postgresUrlsInJdbcAndLibpqFormAndPasswordsMasked() {
        DriverBench.Server jdbc = DriverBench.parseUrl("jdbc:postgresql://db.local:6543/admin?user=bench&password=s%40cret");
        assertThat(jdbc.endpoint().host()).isEqualTo("db.local");
        assertThat(jdbc.endpoint().port()).isEqualTo(6543);
        assertThat(jdbc.endpoint().user()).isEqualTo("bench");
        assertThat(jdbc.endpoint().password()).isEqualTo("s@cret");
        assertThat(jdbc.database()).isEqualTo("admin");

        DriverBench.Server libpq = DriverBench.parseUrl("postgresql://me:pw@localhost");
        assertThat(libpq.endpoint().port()).isEqualTo(5432);
        assertThat(libpq.endpoint().user()).isEqualTo("me");
        assertThat(libpq.database()).isEqualTo("postgres");

        assertThatThrownBy(() -> DriverBench.parseUrl("mysql://localhost/x")).hasMessageContaining("must look like");
        assertThatThrownBy(() -> DriverBench.parseUrl("jdbc:postgresql://h/x?ssl=true"))
                .hasMessageContaining("only user and password");
        assertThat(DriverBench.masked("--postgres-url jdbc:postgresql://h/db?user=u&password=secret --quick"))
                .isEqualTo("--postgres-url jdbc:postgresql://h/db?user=u&password=*** --quick");
        assertThat(DriverBench.masked("postgresql://me:pw@localhost")).isEqualTo("postgresql://me:***@localhost");
    }

    @Test
    void theSummaryPairsTheDriversPerOperationAndPhase() {
        List<Results.Row> rows = List.of(
                new Results.Row("insert2", "r2dbc", "warm", 30, 3, "ms/op", 10),
                new Results.Row("insert2", "jdbc", "warm", 20, 2, "ms/op", 10),
                new Results.Row("ddlCreate", "jdbc", "cold", 50, Double.NaN, "ms/op", 1),
                new Results.Row("ddlCreate", "r2dbc", "cold", 100, Double.NaN, "ms/op", 1));
        String table = Results.table(rows);
        assertThat(table.lines().skip(2).toList()).containsExactly(
                "| ddlCreate | cold | 50.000 | 100.000 | 0.50 | +50.000 |",
                "| insert2 | warm | 20.000 ± 2.000 | 30.000 ± 3.000 | 0.67 | +10.000 |");
        assertThat(Results.csv(rows.stream().sorted(Results.ORDER).toList()).lines().toList()).containsExactly(
                "operation,driver,phase,score,error,unit,samples",
                "ddlCreate,jdbc,cold,50.0000,NaN,ms/op,1",
                "ddlCreate,r2dbc,cold,100.0000,NaN,ms/op,1",
                "insert2,jdbc,warm,20.0000,2.0000,ms/op,10",
                "insert2,r2dbc,warm,30.0000,3.0000,ms/op,10");
    }
}
