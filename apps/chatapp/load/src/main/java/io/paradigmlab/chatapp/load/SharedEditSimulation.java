package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.rendezVous;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Experiment A.2 (I/O, stateful; spec 2.2 and 4.4): once everyone is online, user 1 broadcasts a public message
 * ({@code /public:shared}); every other user waits for it; then (a rendezvous of all N) every user edits it, its
 * content becoming the editor's nick. Each edit is stored and re-sent to everyone but the editor, so every user
 * receives N-1 {@code edited} frames, N(N-1) in all, and the acks' versions are exactly 1..N.
 */
public class SharedEditSimulation extends ChatSimulation {

    private final Set<Integer> versions = ConcurrentHashMap.newKeySet();

    public SharedEditSimulation() {
        run("A.2 shared edit", connect().exec(login())
                .exec(rendezVous(n))
                .exec(doIfOrElse(s -> user(s).index == 1).then(
                        request("send", s -> Requests.sendLine("/public:shared"), s -> {
                            ChatUser u = user(s);
                            JsonNode ack = u.reply("ack");
                            if (ack != null) {
                                u.target = ack.path("id").asLong();
                                checkRecipients(u, "the shared message", ack, n - 1);
                            }
                            return s;
                        })).orElse(
                        waitFor("the shared message", u -> u.senderBroadcast > 0, false).exec(s -> {
                            user(s).target = user(s).senderBroadcast;
                            return s;
                        })))
                .exec(rendezVous(n))
                .exec(request("edit", s -> Requests.editContent(user(s).target, user(s).nick), s -> {
                    ChatUser u = user(s);
                    JsonNode ack = u.reply("ack");
                    if (ack != null) {
                        if (!versions.add(ack.path("version").asInt())) {
                            LoadMetrics.problem(u.nick + ": version " + ack.path("version").asInt() + " twice");
                        }
                        checkRecipients(u, "its edit", ack, n - 1);
                    }
                    return s;
                }))
                .exec(waitFor((n - 1) + " edited frames", u -> u.edited >= n - 1, true))
                .exec(close()), null);
    }

    static void checkRecipients(ChatUser u, String what, JsonNode ack, int expected) {
        int got = ack.path("n").asInt(-1);
        if (got != expected) {
            LoadMetrics.problem(u.nick + ": " + what + " reached " + got + " recipients, expected " + expected);
        }
    }

    @Override
    protected Map<String, Long> expectedWork() {
        return work("logins", n, "sends", 1, "edits", n, "pal", 0, "deliveries", (n - 1) + (long) n * (n - 1),
                "edited", (long) n * (n - 1));
    }

    @Override
    protected void verify() {
        for (int v = 1; v <= n; v++) {
            if (!versions.contains(v)) {
                LoadMetrics.problem("no edit acked version " + v + " (the final version must be " + n + ")");
                break;
            }
        }
        if (versions.size() != n) {
            LoadMetrics.problem(versions.size() + " distinct versions acked, expected " + n);
        }
    }
}
