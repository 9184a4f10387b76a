package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rendezVous;
import static io.gatling.javaapi.core.CoreDsl.repeat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.WordLines;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Experiment B.2 (CPU, stateful; spec 2.2 and 4.4): once everyone is online, user 1 unicasts a fresh 1000-word line
 * ({@code WordLines.line(seed, i, 1000)}) to each receiver i = 2..N, then broadcasts the public message
 * {@code palindromes:}. Each receiver counts the palindromes of its line ({@code pal} by message id, work factor k),
 * checks the count, and appends {@code " <count>"} to the broadcast. Every edit goes to everyone but its editor
 * (the author included), so user 1 receives N-1 {@code edited} frames and each receiver N-2; everyone stays online
 * until it has them all, which keeps the recipients of every edit fixed. The broadcast ends with N-1 segments:
 * each {@code edited} frame of version v must carry exactly v.
 */
public class UnicastPalEditSimulation extends ChatSimulation {

    static final String HEADER = "palindromes:";

    private final String[] lines = new String[n + 1];
    private final int[] counts = new int[n + 1];
    private final Set<Integer> versions = ConcurrentHashMap.newKeySet();
    private final long palCount;

    public UnicastPalEditSimulation() {
        long palCount = 0;
        for (int i = 2; i <= n; i++) {
            lines[i] = WordLines.line(params.seed(), i, BroadcastPalSimulation.WORDS);
            counts[i] = Palindromes.count(lines[i]);
            palCount += counts[i];
        }
        this.palCount = palCount;
        run("B.2 unicast pal edit", connect().exec(login())
                .exec(rendezVous(n))
                .exec(doIfOrElse(s -> user(s).index == 1).then(sender()).orElse(receiver()))
                .exec(close()), UnicastPalEditSimulation::checkSegments);
    }

    private ChainBuilder sender() {
        return repeat(n - 1, "r").on(
                        request("send", s -> Requests.send("unicast", List.of(nick(s.getInt("r") + 2)), "final",
                                lines[s.getInt("r") + 2]), s -> {
                            JsonNode ack = user(s).reply("ack");
                            if (ack != null) {
                                SharedEditSimulation.checkRecipients(user(s), "the line of " + nick(s.getInt("r") + 2),
                                        ack, 1);
                            }
                            return s;
                        }))
                .exec(request("send", s -> Requests.sendLine("/public:" + HEADER), s -> {
                    JsonNode ack = user(s).reply("ack");
                    if (ack != null) {
                        user(s).target = ack.path("id").asLong();
                        SharedEditSimulation.checkRecipients(user(s), "the broadcast", ack, n - 1);
                    }
                    return s;
                }))
                .exec(waitFor((n - 1) + " edited frames", u -> u.edited >= n - 1, true));
    }

    private ChainBuilder receiver() {
        return exec(waitFor("its line and the broadcast", u -> u.senderUnicast > 0 && u.senderBroadcast > 0, false))
                .exec(request("pal", s -> Requests.palMessage(user(s).senderUnicast, params.k()), s -> {
                    ChatUser u = user(s);
                    JsonNode result = u.reply("result");
                    if (result != null) {
                        u.count = result.path("count").asInt(-1);
                        if (u.count != counts[u.index]) {
                            LoadMetrics.problem(u.nick + ": pal counted " + u.count + ", expected " + counts[u.index]);
                        }
                    }
                    return s;
                }))
                // appended even when the count is missing ("x"), so that the others' waits still end
                .exec(request("edit", s -> Requests.editAppend(user(s).senderBroadcast,
                        " " + (user(s).count >= 0 ? Integer.toString(user(s).count) : "x")), s -> {
                    ChatUser u = user(s);
                    JsonNode ack = u.reply("ack");
                    if (ack != null) {
                        if (!versions.add(ack.path("version").asInt())) {
                            LoadMetrics.problem(u.nick + ": version " + ack.path("version").asInt() + " twice");
                        }
                        SharedEditSimulation.checkRecipients(u, "its edit", ack, n - 1);
                    }
                    return s;
                }))
                .exec(waitFor((n - 2) + " edited frames", u -> u.edited >= n - 2, true));
    }

    /** An edited broadcast of version v holds the header and exactly v appended counts. */
    static void checkSegments(ChatUser user, String type, JsonNode frame) {
        if (!type.equals("edited")) {
            return;
        }
        String content = frame.path("content").asText();
        int version = frame.path("ver").asInt();
        if (!content.startsWith(HEADER)) {
            LoadMetrics.problem(user.nick + ": an edited broadcast without its header: " + content);
            return;
        }
        String rest = content.substring(HEADER.length()).trim();
        int segments = rest.isEmpty() ? 0 : rest.split(" +").length;
        if (segments != version) {
            LoadMetrics.problem(user.nick + ": version " + version + " of the broadcast has " + segments
                    + " segments");
        }
    }

    @Override
    protected Map<String, Long> expectedWork() {
        long receivers = n - 1;
        return work("logins", n, "sends", n, "edits", receivers, "pal", receivers, "palCount", palCount,
                "deliveries", 2 * receivers + receivers * receivers, "edited", receivers * receivers);
    }

    @Override
    protected void verify() {
        for (int v = 1; v < n; v++) {
            if (!versions.contains(v)) {
                LoadMetrics.problem("no edit acked version " + v + " (the final version must be " + (n - 1) + ")");
                break;
            }
        }
    }
}
