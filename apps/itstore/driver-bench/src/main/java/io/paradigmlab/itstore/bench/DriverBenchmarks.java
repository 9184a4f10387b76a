package io.paradigmlab.itstore.bench;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Seed 002 section 5.1 with JMH (spec D-6): each benchmark method is one operation, run by one driver on one
 * connection opened at trial set-up (connecting is never timed), one client, no concurrency. Each invocation is timed
 * alone ({@link Mode#SingleShotTime}): {@link DriverBench} runs the class twice, cold (no warm-up, one invocation per
 * fresh JVM, several JVMs) and warm (after 5 warm-up invocations), and reports the two apart. The annotations below
 * are defaults for a run outside {@link DriverBench}; it sets forks and iterations itself.
 *
 * <p>The operations that change their database put it back after each invocation, untimed
 * ({@link Level#Invocation} tear-downs). After, not before: the first statement a fresh JVM runs is then the measured
 * operation's own, so a cold run measures the operation's first use of the driver and not a warm-up done by set-up
 * statements. The databases are made in that starting state by {@link BenchDatabases}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 5)
@Measurement(iterations = 5)
public class DriverBenchmarks {

    /**
     * One driver's one connection to the database of the operation. Annotated as a state only so that JMH accepts its
     * {@code driver} parameter; the benchmarks use its subclasses.
     */
    @State(Scope.Thread)
    public abstract static class Connected {

        /** The driver: pgjdbc or r2dbc-postgresql. */
        @Param({"jdbc", "r2dbc"})
        public String driver;

        Driver db;
        List<Step> steps;

        abstract Target.Purpose purpose();

        abstract List<Step> steps(Target target);

        @Setup(Level.Trial)
        public void connect() {
            Target target = Target.fromSystemProperties();
            steps = steps(target);
            db = Driver.open(driver, target.server(), target.database(purpose()));
        }

        @TearDown(Level.Trial)
        public void disconnect() {
            if (db != null) {
                db.close();
            }
        }

        long run(Blackhole blackhole) {
            return db.run(steps, blackhole::consume);
        }
    }

    @State(Scope.Thread)
    public static class DdlCreate extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.DDL_CREATE;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.ddlCreate();
        }

        /** Per invocation: each invocation must find no tables. */
        @TearDown(Level.Invocation)
        public void dropAgain() {
            db.run(Workload.ddlDrop(), Sink.NONE);
        }
    }

    @State(Scope.Thread)
    public static class DdlDrop extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.DDL_DROP;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.ddlDrop();
        }

        /** Per invocation: each invocation must find the tables and their keys. */
        @TearDown(Level.Invocation)
        public void createAgain() {
            db.run(Workload.ddlCreate(), Sink.NONE);
        }
    }

    @State(Scope.Thread)
    public static class SimpleQueries extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.READ;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.simpleQueries();
        }
    }

    @State(Scope.Thread)
    public static class ComplexQueries extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.READ;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.complexQueries();
        }
    }

    @State(Scope.Thread)
    public static class Updates extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.UPDATE;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.updates(target.invoice());
        }
    }

    @State(Scope.Thread)
    public static class DeleteAll extends Connected {
        @Override
        Target.Purpose purpose() {
            return Target.Purpose.DELETE;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.deleteAll();
        }

        /** Per invocation: each invocation must find all the data (truncate, refill, freeze, analyze). */
        @TearDown(Level.Invocation)
        public void refill() {
            db.run(Workload.refill(), Sink.NONE);
        }
    }

    @State(Scope.Thread)
    public static class Insert extends Connected {

        /** INS-k: how many tables, in foreign-key order, get {@value Workload#INSERT_ROWS} rows each. */
        @Param({"1", "2", "3", "4", "5"})
        public int tables;

        @Override
        Target.Purpose purpose() {
            return Target.Purpose.INSERT;
        }

        @Override
        List<Step> steps(Target target) {
            return Workload.insert(tables);
        }

        /** Per invocation: each invocation must find the tables empty (the same keys are inserted every time). */
        @TearDown(Level.Invocation)
        public void truncate() {
            db.run(Workload.truncate(), Sink.NONE);
        }
    }

    /** DDL-C: five CREATE TABLE and seven ALTER TABLE ADD CONSTRAINT. */
    @Benchmark
    public long ddlCreate(DdlCreate state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** DDL-D: seven ALTER TABLE DROP CONSTRAINT and five DROP TABLE. */
    @Benchmark
    public long ddlDrop(DdlDrop state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** S1-S4, every row read. */
    @Benchmark
    public long simpleQueries(SimpleQueries state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** C1-C4, every row read. */
    @Benchmark
    public long complexQueries(ComplexQueries state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** Three updates, each of one row by its primary key. */
    @Benchmark
    public long updates(Updates state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** DELETE FROM each of the five tables. */
    @Benchmark
    public long deleteAll(DeleteAll state, Blackhole blackhole) {
        return state.run(blackhole);
    }

    /** INS-k: 1,000 rows into each of the first k tables, one transaction. */
    @Benchmark
    public long insert(Insert state, Blackhole blackhole) {
        return state.run(blackhole);
    }
}
