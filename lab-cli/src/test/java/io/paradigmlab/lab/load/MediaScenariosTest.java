package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tweebyte's media scenarios (cpu, blocking, jobs): valid files that send what docs/scenarios.md says. */
class MediaScenariosTest {

    static final Path SCENARIOS = TweebyteScenariosTest.SCENARIOS;
    static final String ID = TweebyteScenariosTest.ID;
    static final String JOB = "7d3c1f0e-2b4a-4c6d-8e9f-0a1b2c3d4e5f";
    static final String BODY = "--paradigmlab-media-filter-boundary\r\nContent-Disposition: form-data; name=\"file\";"
            + " filename=\"sample.png\"\r\nContent-Type: image/png\r\n\r\nPNG\r\n--paradigmlab-media-filter-boundary--\r\n";

    @TempDir
    Path data;

    private void dataFiles() throws IOException {
        Files.writeString(data.resolve("users.csv"), "user_id,user_name,token\n" + ID + "1,ada,-\n");
        Files.writeString(data.resolve("media-filter.multipart"), BODY, StandardCharsets.ISO_8859_1);
    }

    @Test
    void everyFileValidatesAndStartsWithItsComments() throws IOException {
        dataFiles();
        for (var entry : Map.of("cpu", "tweet", "blocking", "user", "jobs", "tweet").entrySet()) {
            String text = Files.readString(SCENARIOS.resolve(entry.getKey() + ".hf.yaml"));
            assertThat(text).as(entry.getKey()).startsWith("# " + entry.getKey() + ": ").contains("seed 001")
                    .contains("Authorization: Bearer ${token}", "status:", "endpoint: " + entry.getValue());
            ScenarioLoad.validate(entry.getKey(), text,
                    new ScenarioLoad.Target(Map.of(entry.getValue(), "http://127.0.0.1:9092"), data));
        }
    }

    @Test
    void cpuSendsTheMultipartFileWithItsBoundary() throws IOException {
        dataFiles();
        try (TestServer tweet = new TestServer(r -> new TestServer.Answer(200, "jpeg"))) {
            PhaseOutcome o = ScenarioLoad.once("cpu", Files.readString(SCENARIOS.resolve("cpu.hf.yaml")),
                    new ScenarioLoad.Target(Map.of("tweet", tweet.url()), data), 2, 2000, 1);
            assertThat(o.requests()).isEqualTo(2);
            assertThat(o.errors()).isZero();
            TestServer.Received first = tweet.received().getFirst();
            assertThat(first.method()).isEqualTo("POST");
            assertThat(first.path()).isEqualTo("/media/filter");
            assertThat(first.contentType()).isEqualTo("multipart/form-data; boundary=paradigmlab-media-filter-boundary");
            assertThat(first.body()).isEqualTo(BODY);
        }
    }

    @Test
    void jobsSubmitsThenReadsTheEventsOfThatJob() throws IOException {
        dataFiles();
        try (TestServer tweet = new TestServer(r -> r.method().equals("POST")
                ? new TestServer.Answer(202, "{\"id\":\"" + JOB + "\",\"state\":\"QUEUED\"}")
                : new TestServer.Answer(200, "event:succeeded\nid:4\ndata:{}\n\n"))) {
            PhaseOutcome o = ScenarioLoad.once("jobs", Files.readString(SCENARIOS.resolve("jobs.hf.yaml")),
                    new ScenarioLoad.Target(Map.of("tweet", tweet.url()), data), 2, 2000, 1);
            assertThat(o.errors()).isZero();
            assertThat(tweet.received()).extracting(r -> r.method() + " " + r.path()).containsExactly(
                    "POST /media/jobs", "GET /media/jobs/" + JOB + "/events",
                    "POST /media/jobs", "GET /media/jobs/" + JOB + "/events");
            assertThat(tweet.received().getFirst().body()).isEqualTo("{\"duration_ms\": 200, \"steps\": 4}");
        }
    }

    @Test
    void aRefusedJobIsAnErrorAndReadsNoEvents() throws IOException {
        dataFiles();
        try (TestServer tweet = new TestServer(r -> new TestServer.Answer(503,
                "{\"status\":503,\"message\":\"Media job queue is full\"}"))) {
            PhaseOutcome o = ScenarioLoad.once("jobs", Files.readString(SCENARIOS.resolve("jobs.hf.yaml")),
                    new ScenarioLoad.Target(Map.of("tweet", tweet.url()), data), 2, 2000, 1);
            assertThat(o.errors()).isEqualTo(2);
            assertThat(tweet.received()).extracting(TestServer.Received::method).isEqualTo(List.of("POST", "POST"));
        }
    }
}
