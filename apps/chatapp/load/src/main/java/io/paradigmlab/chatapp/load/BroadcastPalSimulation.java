package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.rendezVous;

import com.fasterxml.jackson.databind.JsonNode;
import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.WordLines;
import java.util.Map;

/**
 * Experiment B.1 (CPU, stateless; spec 2.2 and 4.4): once everyone is online, user 1 broadcasts one line of 1000
 * random words ({@code WordLines.line(seed, 0, 1000)}); every receiver asks the server to count its palindromes
 * ({@code pal} by message id, work factor k) and checks the count against {@link Palindromes#count}.
 */
public class BroadcastPalSimulation extends ChatSimulation {

    static final int WORDS = 1_000;

    private final String line = WordLines.line(params.seed(), 0, WORDS);
    private final int expected = Palindromes.count(line);

    public BroadcastPalSimulation() {
        run("B.1 broadcast pal", connect().exec(login())
                .exec(rendezVous(n))
                .exec(doIfOrElse(s -> user(s).index == 1).then(
                        request("send", s -> Requests.sendLine(line), s -> {
                            JsonNode ack = user(s).reply("ack");
                            if (ack != null) {
                                SharedEditSimulation.checkRecipients(user(s), "the line", ack, n - 1);
                            }
                            return s;
                        })).orElse(
                        waitFor("the line", u -> u.senderBroadcast > 0, false)
                                .exec(request("pal", s -> Requests.palMessage(user(s).senderBroadcast, params.k()),
                                        s -> {
                                            JsonNode result = user(s).reply("result");
                                            if (result != null && result.path("count").asInt(-1) != expected) {
                                                LoadMetrics.problem(user(s).nick + ": pal counted "
                                                        + result.path("count").asInt(-1) + ", expected " + expected);
                                            }
                                            return s;
                                        }))))
                .exec(close()), null);
    }

    @Override
    protected Map<String, Long> expectedWork() {
        return work("logins", n, "sends", 1, "edits", 0, "pal", n - 1, "palCount", (long) (n - 1) * expected,
                "deliveries", n - 1);
    }
}
