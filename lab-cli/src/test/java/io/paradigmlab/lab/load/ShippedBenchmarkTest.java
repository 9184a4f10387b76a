package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A distributed Hyperfoil run does not read the scenario's data where the agents run: the controller builds the
 * benchmark and sends the built object to every agent with Java serialization (its event-bus codec for
 * {@code AgentControlMessage}). So the rows of {@code csvRow} and the texts of {@code fileBody} must be inside the
 * built benchmark, and travel with it. This test does what the controller does, serializes the built benchmark, then
 * removes the data folder and runs the copy: on loopback the folder would otherwise still be there and hide a step
 * that reads it at run time.
 */
class ShippedBenchmarkTest {

    @TempDir
    Path data;

    @Test
    void csvRowsAndFileBodiesTravelWithTheSerializedBenchmark() throws Exception {
        StringBuilder csv = new StringBuilder("user_id,user_name\n");
        for (int i = 0; i < 20; i++) {
            csv.append("u").append(i).append(",name").append(i).append('\n');
        }
        Files.writeString(data.resolve("users.csv"), csv);
        Files.writeString(data.resolve("one.csv"), "first file\n");
        Files.writeString(data.resolve("files.csv"), "file\none.csv\n");
        String scenario = """
                scenario:
                - visit:
                  - csvRow:
                      file: users.csv
                      pick: next
                  - fileBody:
                      files: files.csv
                      toVar: body
                  - httpRequest:
                      POST: /items/${user_id}
                      endpoint: a
                      headers:
                        Content-Type: text/csv
                      body:
                        fromVar: body
                      handler:
                        status:
                          range: 201
                """;
        try (TestServer server = new TestServer(r -> new TestServer.Answer(201, null))) {
            var target = new ScenarioLoad.Target(Map.of("a", server.url()), data);
            String text = ScenarioLoad.onceBenchmark("shipped", scenario, target, 3, 2000, 1);
            Benchmark built = ScenarioLoad.build("shipped", scenario, text, target);

            Benchmark shipped = copy(built);
            try (Stream<Path> files = Files.walk(data)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
            assertThat(data).doesNotExist();

            new LocalSimulationRunner(shipped).run();

            List<TestServer.Received> received = server.received();
            assertThat(received).extracting(TestServer.Received::path)
                    .containsExactly("/items/u0", "/items/u1", "/items/u2");
            assertThat(received).extracting(TestServer.Received::body).containsOnly("first file\n");
        }
    }

    /** What Hyperfoil's controller does to the benchmark on its way to an agent. */
    private static Benchmark copy(Benchmark benchmark) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(benchmark);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (Benchmark) in.readObject();
        }
    }
}
