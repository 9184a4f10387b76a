package io.paradigmlab.itstore.bench;

import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.paradigmlab.itstore.schema.ItStoreSql;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every statement of the driver benchmark, in one place, as the step lists both drivers run (seed 002 section 5.1,
 * spec 1.3 and decision D-6). The operations, and the untimed steps that put a database back as it was after one.
 *
 * <ul>
 *   <li>DDL-C: the migration's five {@code CREATE TABLE} and seven {@code ALTER TABLE ... ADD CONSTRAINT} (the
 *       foreign keys), read from {@code db/itstore/V1__schema.sql} itself. DDL-D: the seven constraints dropped, then
 *       the five tables, in reverse order. Autocommit, one statement at a time.</li>
 *   <li>DML: the simple queries S1-S4 and the complex C1-C4 ({@link ItStoreSql}'s very text), every row read; the
 *       three updates by primary key of D-6; delete all, table by table, referencing tables first.</li>
 *   <li>INS-k: {@value #INSERT_ROWS} rows into each of the first k tables in foreign-key order
 *       ({@link ItStoreSchema#TABLES}), one INSERT per row, all in one transaction.</li>
 * </ul>
 */
public final class Workload {

    /** The tables, referenced ones first: the order rows are inserted in, and the reverse of the order of deletes. */
    public static final List<String> TABLES = ItStoreSchema.TABLES;
    /** Rows inserted into each table by INS-k (D-6). */
    public static final int INSERT_ROWS = 1_000;
    /** Where the delete-all database keeps a copy of its data, to be put back after each delete (untimed). */
    public static final String SOURCE_SCHEMA = "bench_source";

    /** S1's customer type: the customers, the largest of the four groups (1,000 rows at {@code ci}). */
    public static final String CES_TYPE = "c";
    /** S2's product: id 0, one of the products with characteristics at every scale (4 rows). */
    public static final int PRODUCT_ID = 0;
    /** S4's year: 2022, with {@link #MONTH} the month the original hard-coded (October 2022). */
    public static final int YEAR = 2022;
    /** S4's month: October. */
    public static final int MONTH = 10;

    private static final String MIGRATION = "db/itstore/V1__schema.sql";
    private static final Pattern CREATE = Pattern.compile("(?i)^CREATE TABLE (\\w+) .*");
    private static final Pattern ADD_FK = Pattern.compile("(?i)^ALTER TABLE (\\w+) ADD CONSTRAINT (\\w+) FOREIGN KEY .*");

    private static final List<Step> DDL_CREATE = ddlFromMigration();
    private static final List<Step> DDL_DROP = dropsOf(DDL_CREATE);

    private static final Sql UPDATE_PRODUCT =
            Sql.of("update products set availability = :availability where id_prod = :idProd");
    private static final Sql UPDATE_INVOICE =
            Sql.of("update invoice set value = :value where invoice_date = :invoiceDate and nr = :nr");
    private static final Sql UPDATE_CHARACTERISTIC = Sql.of("update characteristic set value = :value"
            + " where id_prod = :idProd and id_characteristic = :idCharacteristic");

    private static final Sql INSERT_CES = Sql.of("insert into customer_employee_supplier"
            + " (id_ces, name, ein, type_ces, address, iban, ssn)"
            + " values (:idCes, :name, :ein, :typeCes, :address, :iban, :ssn)");
    private static final Sql INSERT_PRODUCT = Sql.of("insert into products"
            + " (id_prod, prod_name, id_supplier, availability, category, add_info)"
            + " values (:idProd, :prodName, :idSupplier, :availability, :category, :addInfo)");
    private static final Sql INSERT_CHARACTERISTIC = Sql.of("insert into characteristic"
            + " (id_prod, id_characteristic, name, value) values (:idProd, :idCharacteristic, :name, :value)");
    private static final Sql INSERT_INVOICE = Sql.of("insert into invoice"
            + " (nr, invoice_date, id_vendor, type, value, vat, id_employee, id_buyer)"
            + " values (:nr, :invoiceDate, :idVendor, :type, :value, :vat, :idEmployee, :idBuyer)");
    private static final Sql INSERT_ITEM = Sql.of("insert into item"
            + " (invoice_nr, invoice_date, id_item, id_prod, unit, quantity, unit_price)"
            + " values (:invoiceNr, :invoiceDate, :idItem, :idProd, :unit, :quantity, :unitPrice)");

    /** The invoices INS-4 and INS-5 write fall in 2025, after the generated data's years (irrelevant: it is empty). */
    private static final LocalDate FIRST_INSERTED_INVOICE = LocalDate.of(2025, 1, 1);

    private Workload() {
    }

    /** The primary key of the invoice the updates change (invoices are keyed by date and number). */
    public record InvoiceKey(int nr, LocalDate date) {
    }

    // ---- the operations

    /** DDL-C: the five tables and their seven foreign keys, as the migration creates them. */
    public static List<Step> ddlCreate() {
        return DDL_CREATE;
    }

    /** DDL-D: the seven foreign keys dropped, then the five tables. */
    public static List<Step> ddlDrop() {
        return DDL_DROP;
    }

    /** S1-S4: customers of type {@value #CES_TYPE}, product {@value #PRODUCT_ID}'s characteristics, the greatest
     *  invoice, the units sold in {@value #MONTH}/{@value #YEAR}. */
    public static List<Step> simpleQueries() {
        return List.of(
                Step.query(Sql.of(ItStoreSql.CES_BY_TYPE), CES_TYPE),
                Step.query(Sql.of(ItStoreSql.CHARACTERISTICS_FOR_PRODUCT), PRODUCT_ID),
                Step.query(Sql.of(ItStoreSql.MAX_INVOICE)),
                query(ItStoreSql.ITEMS_BETWEEN_DATES, "month", MONTH, "year", YEAR));
    }

    /** C1-C4: sales and costs per month, the best month(s), the top-profit product per category, profit per
     *  category. */
    public static List<Step> complexQueries() {
        return List.of(
                Step.query(Sql.of(ItStoreSql.SALES_COST)),
                Step.query(Sql.of(ItStoreSql.MONTH_WITH_GREATEST_SALE)),
                Step.query(Sql.of(ItStoreSql.PRODUCT_MAX_PROFIT)),
                Step.query(Sql.of(ItStoreSql.CATEGORY_PROFIT)));
    }

    /**
     * D-6's three updates, each of one row by its primary key: product {@value #PRODUCT_ID}'s availability, the
     * invoice {@code invoice}'s value, the first characteristic of product {@value #PRODUCT_ID}. The same values every
     * time (PostgreSQL writes a new row version all the same).
     */
    public static List<Step> updates(InvoiceKey invoice) {
        return List.of(
                Step.update(UPDATE_PRODUCT, "restocked", PRODUCT_ID),
                Step.update(UPDATE_INVOICE, new BigDecimal("1234.56"), invoice.date(), invoice.nr()),
                Step.update(UPDATE_CHARACTERISTIC, "updated by the driver bench", PRODUCT_ID, 1));
    }

    /** Delete all data: {@code DELETE FROM} each table, referencing tables first, autocommit. */
    public static List<Step> deleteAll() {
        List<Step> steps = new ArrayList<>();
        for (String table : TABLES.reversed()) {
            steps.add(Step.update(Sql.of("delete from " + table)));
        }
        return List.copyOf(steps);
    }

    /**
     * INS-k: in one transaction, {@value #INSERT_ROWS} rows into each of the first {@code tables} tables in
     * foreign-key order, one INSERT per row. Rows reference only rows inserted before them, so the tables must be
     * empty (the benchmark truncates them after each invocation). Values are fixed: the same rows every time.
     */
    public static List<Step> insert(int tables) {
        if (tables < 1 || tables > TABLES.size()) {
            throw new IllegalArgumentException("insert into 1 to " + TABLES.size() + " tables, not " + tables);
        }
        List<Step> steps = new ArrayList<>(tables * INSERT_ROWS + 2);
        steps.add(Step.begin());
        for (String table : TABLES.subList(0, tables)) {
            for (int i = 0; i < INSERT_ROWS; i++) {
                steps.add(insertRow(table, i));
            }
        }
        steps.add(Step.commit());
        return Collections.unmodifiableList(steps);
    }

    private static Step insertRow(String table, int i) {
        LocalDate date = FIRST_INSERTED_INVOICE.plusDays(i % 365);
        return switch (table) {
            case "customer_employee_supplier" -> Step.update(INSERT_CES, i, "Bench customer " + i,
                    String.format(Locale.ROOT, "%010d", i), "c", "Str. Benchmark " + i,
                    String.format(Locale.ROOT, "RO49BENC%016d", i), String.format(Locale.ROOT, "1%012d", i));
            case "products" -> Step.update(INSERT_PRODUCT, i, "Bench product " + i, i, "in stock", "bench",
                    "added by the driver benchmark");
            case "characteristic" -> Step.update(INSERT_CHARACTERISTIC, i, 1, "Color", "bench value " + i);
            case "invoice" -> Step.update(INSERT_INVOICE, i + 1, date, i, "c", BigDecimal.valueOf(10_000 + i, 2),
                    BigDecimal.valueOf(1_900 + i, 2), i, i);
            case "item" -> Step.update(INSERT_ITEM, i + 1, date, 1, i, "pcs", 1 + i % 10,
                    BigDecimal.valueOf(1_000 + i, 2));
            default -> throw new IllegalStateException("no rows for table " + table);
        };
    }

    // ---- putting a database back (untimed)

    /** After INS-k: the five tables emptied. */
    public static List<Step> truncate() {
        return List.of(Step.execute("truncate " + String.join(", ", TABLES.reversed())));
    }

    /**
     * After delete-all: the tables emptied (TRUNCATE: no dead rows left behind) and refilled from
     * {@value #SOURCE_SCHEMA}, then frozen and analyzed as the data generator leaves them. Every invocation starts from
     * the same state, the first one included (the database is prepared with these same steps). The foreign keys are
     * dropped for the refill and added back afterwards, as the generator loads (one validating join per key instead
     * of a check per row: the refill takes a fraction of the time); the keys are the migration's, with the same names.
     */
    public static List<Step> refill() {
        List<Step> steps = new ArrayList<>(truncate());
        steps.addAll(DDL_DROP.stream().filter(s -> s.sql().named().startsWith("ALTER TABLE ")).toList());
        for (String table : TABLES) {
            steps.add(Step.update(Sql.of("insert into " + table + " select * from " + SOURCE_SCHEMA + "." + table)));
        }
        steps.addAll(DDL_CREATE.stream().filter(s -> s.sql().named().startsWith("ALTER TABLE ")).toList());
        for (String table : TABLES) {
            steps.add(Step.execute("vacuum (freeze, analyze) " + table));
        }
        return List.copyOf(steps);
    }

    /** Once, when the delete-all database is made: a copy of its five tables in {@value #SOURCE_SCHEMA}. */
    public static List<Step> keepSource() {
        List<Step> steps = new ArrayList<>();
        steps.add(Step.execute("create schema " + SOURCE_SCHEMA));
        for (String table : TABLES) {
            steps.add(Step.execute("create table " + SOURCE_SCHEMA + "." + table + " as select * from " + table));
        }
        return List.copyOf(steps);
    }

    // ---- helpers

    /** A query whose parameters are given by name (the order of {@link Sql#names()} is the text's). */
    private static Step query(String named, Object... namesAndValues) {
        Sql sql = Sql.of(named);
        Object[] args = new Object[sql.names().size()];
        for (int k = 0; k < namesAndValues.length; k += 2) {
            int index = sql.names().indexOf((String) namesAndValues[k]);
            if (index < 0) {
                throw new IllegalArgumentException("no :" + namesAndValues[k] + " in " + named);
            }
            args[index] = namesAndValues[k + 1];
        }
        return Step.query(sql, args);
    }

    /** The migration's statements, comments removed: five CREATE TABLE, then seven ALTER TABLE ADD CONSTRAINT. */
    private static List<Step> ddlFromMigration() {
        String text;
        try (InputStream in = Workload.class.getClassLoader().getResourceAsStream(MIGRATION)) {
            if (in == null) {
                throw new IllegalStateException(MIGRATION + " is not on the class path (itstore-schema)");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Step> steps = new ArrayList<>();
        for (String statement : text.replaceAll("--[^\n]*", "").split(";")) {
            String sql = statement.replaceAll("\\s+", " ").trim();
            if (!sql.isEmpty()) {
                steps.add(Step.execute(sql));
            }
        }
        long creates = steps.stream().filter(s -> CREATE.matcher(s.sql().named()).matches()).count();
        long fks = steps.stream().filter(s -> ADD_FK.matcher(s.sql().named()).matches()).count();
        if (creates != TABLES.size() || creates + fks != steps.size()) {
            throw new IllegalStateException(MIGRATION + " is no longer only CREATE TABLE and ALTER TABLE ADD CONSTRAINT"
                    + " ... FOREIGN KEY: the driver benchmark's DDL must be revised (" + creates + " tables, " + fks
                    + " foreign keys, " + steps.size() + " statements)");
        }
        return List.copyOf(steps);
    }

    /** The drops undoing {@code creates}: each constraint dropped, then each table, last created first. */
    private static List<Step> dropsOf(List<Step> creates) {
        List<Step> constraints = new ArrayList<>();
        List<Step> tables = new ArrayList<>();
        for (Step step : creates.reversed()) {
            String sql = step.sql().named();
            Matcher fk = ADD_FK.matcher(sql);
            Matcher table = CREATE.matcher(sql);
            if (fk.matches()) {
                constraints.add(Step.execute("ALTER TABLE " + fk.group(1) + " DROP CONSTRAINT " + fk.group(2)));
            } else if (table.matches()) {
                tables.add(Step.execute("DROP TABLE " + table.group(1)));
            }
        }
        List<Step> drops = new ArrayList<>(constraints);
        drops.addAll(tables);
        return List.copyOf(drops);
    }
}
