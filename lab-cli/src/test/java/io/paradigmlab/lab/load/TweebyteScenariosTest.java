package io.paradigmlab.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Tweebyte scenario files are valid against data files with the documented headers. */
class TweebyteScenariosTest {

    static final Path SCENARIOS = Path.of("../apps/tweebyte/lab/src/main/resources/scenarios/tweebyte");
    static final List<String> FILES = List.of("user-summary", "follow", "update-tweet", "user-tweets", "feed", "cache");
    static final String ID = "0b8a7a52-5a53-4cb8-9a3c-2f1f6d2a0c1";

    @TempDir
    Path data;

    private void dataFiles() throws IOException {
        Files.writeString(data.resolve("users.csv"), "user_id,user_name,token\n" + ID + "1,ada,-\n");
        Files.writeString(data.resolve("follow-pairs.csv"), "follower_id,followed_id,token\n" + ID + "1," + ID
                + "2,-\n" + ID + "3," + ID + "4,-\n");
        Files.writeString(data.resolve("tweet-edits.csv"), "user_id,tweet_id,token\n" + ID + "1," + ID + "5,-\n");
        Files.writeString(data.resolve("heavy-tweeters.csv"), "user_id,tweet_count,token\n" + ID + "1,1000,-\n");
        Files.writeString(data.resolve("feed-readers.csv"), "user_id,following,token\n" + ID + "1,100,-\n");
        Files.writeString(data.resolve("cache-keys.csv"), "user_id,hot,token\n" + ID + "1,1,-\n" + ID + "2,0,-\n");
    }

    private ScenarioLoad.Target target(String user, String tweet, String interaction) {
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("user", user);
        endpoints.put("tweet", tweet);
        endpoints.put("interaction", interaction);
        return new ScenarioLoad.Target(endpoints, data);
    }

    @Test
    void everyFileValidatesAndStartsWithItsComments() throws IOException {
        dataFiles();
        ScenarioLoad.Target target = target("http://127.0.0.1:9091", "http://127.0.0.1:9092", "http://127.0.0.1:9093");
        for (String name : FILES) {
            String text = Files.readString(SCENARIOS.resolve(name + ".hf.yaml"));
            assertThat(text).as(name).startsWith("# " + name + ": ").contains("seed 0");
            assertThat(text).as(name).contains("Authorization: Bearer ${token}", "status:", "range: 20");
            ScenarioLoad.validate(name, text, target);
        }
    }

    @Test
    void updateTweetSendsValidVaryingContentAndChecksTheAnswer() throws IOException {
        dataFiles();
        String answer = "{\"id\":\"" + ID + "5\",\"user_id\":\"" + ID + "1\",\"content\":\"x\",\"created_at\":\"t\","
                + "\"mentions\":[],\"hashtags\":[]}";
        try (TestServer tweet = new TestServer(r -> new TestServer.Answer(200, answer))) {
            String text = Files.readString(SCENARIOS.resolve("update-tweet.hf.yaml"));
            PhaseOutcome o = ScenarioLoad.once("update-tweet", text,
                    new ScenarioLoad.Target(Map.of("tweet", tweet.url()), data), 3, 2000, 1);
            assertThat(o.requests()).isEqualTo(3);
            assertThat(o.errors()).isZero();
            List<TestServer.Received> received = tweet.received();
            assertThat(received).extracting(TestServer.Received::path).containsOnly("/tweets/" + ID + "5");
            assertThat(received).extracting(TestServer.Received::body).doesNotHaveDuplicates()
                    .allSatisfy(body -> assertThat(body).matches("\\{\"content\": \"[^\"]{10,280}\"}"));
            assertThat(received.getFirst().contentType()).isEqualTo("application/json");
            assertThat(received.getFirst().authorization()).isEqualTo("Bearer -");
        }
    }

    @Test
    void followHandsOutEachPairOnce() throws IOException {
        dataFiles();
        try (TestServer interaction = new TestServer(r -> new TestServer.Answer(204, ""))) {
            String text = Files.readString(SCENARIOS.resolve("follow.hf.yaml"));
            PhaseOutcome o = ScenarioLoad.once("follow", text,
                    new ScenarioLoad.Target(Map.of("interaction", interaction.url()), data), 2, 2000, 1);
            assertThat(o.errors()).isZero();
            assertThat(interaction.received()).extracting(TestServer.Received::path)
                    .containsExactly("/follows/" + ID + "1/" + ID + "2", "/follows/" + ID + "3/" + ID + "4");
        }
    }
}
