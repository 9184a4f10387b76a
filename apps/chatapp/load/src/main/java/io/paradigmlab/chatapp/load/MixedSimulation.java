package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.rendezVous;
import static io.gatling.javaapi.core.CoreDsl.repeat;

import com.fasterxml.jackson.databind.JsonNode;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.Session;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Experiment C ("normal operation"; spec 2.2 and 4.4): every user logs in; once all are online each runs its
 * scripted {@link MixedPlan} ({@code ops} operations, I/O or CPU by the seeded roles and {@code mix}), each request
 * awaiting its reply before the next (no think time); then, after a second rendezvous (so everyone stayed online
 * while anything was sent), each user waits until it has received exactly the deliveries the plan gives it.
 */
public class MixedSimulation extends ChatSimulation {

    private final MixedPlan plan = MixedPlan.of(params.seed(), n, params.ops(), params.mix());
    private final int[] lineCounts;
    private final long palCount;

    public MixedSimulation() {
        boolean[] needed = new boolean[MixedPlan.CPU_LINES + 1];
        for (int u = 1; u <= n; u++) {
            for (MixedPlan.Op op : plan.ops[u]) {
                if (op.type() == MixedPlan.Type.PAL) {
                    needed[op.lineId()] = true;
                }
            }
        }
        lineCounts = LineCounts.of(params.data(), params.seed(), MixedPlan.CPU_LINES, needed);
        long sum = 0;
        for (int u = 1; u <= n; u++) {
            for (MixedPlan.Op op : plan.ops[u]) {
                if (op.type() == MixedPlan.Type.PAL) {
                    sum += lineCounts[op.lineId()];
                }
            }
        }
        palCount = sum;
        run("C mixed " + params.mix() + "% I/O", connect().exec(login())
                .exec(session -> {
                    user(session).sentIds = new long[params.ops()];
                    Arrays.fill(user(session).sentIds, -1);
                    return session;
                })
                .exec(rendezVous(n))
                .exec(repeat(params.ops(), "op").on(
                        doIf(s -> op(s).type() == MixedPlan.Type.PAL).then(pal())
                                .doIf(s -> op(s).editOf() < 0 && op(s).type() != MixedPlan.Type.PAL).then(send())
                                .doIf(s -> op(s).type() == MixedPlan.Type.EDIT).then(edit())))
                .exec(rendezVous(n))
                .exec(waitFor("its deliveries", u -> u.deliveries >= plan.expected[u.index], true))
                .exec(close()), null);
    }

    private MixedPlan.Op op(Session s) {
        return plan.ops[user(s).index][s.getInt("op")];
    }

    private ChainBuilder pal() {
        return request("pal", s -> Requests.palLine(op(s).lineId(), params.k()), s -> {
            JsonNode result = user(s).reply("result");
            int expected = lineCounts[op(s).lineId()];
            if (result != null && result.path("count").asInt(-1) != expected) {
                LoadMetrics.problem(user(s).nick + ": pal of line " + op(s).lineId() + " counted "
                        + result.path("count").asInt(-1) + ", expected " + expected);
            }
            return s;
        });
    }

    private ChainBuilder send() {
        return request("send", s -> {
            MixedPlan.Op op = op(s);
            List<String> to = Arrays.stream(op.targets()).mapToObj(this::nick).toList();
            return Requests.send(op.kind().wire(), to, MixedPlan.EDIT_TYPE, MixedPlan.content(op));
        }, s -> {
            JsonNode ack = user(s).reply("ack");
            if (ack != null) {
                user(s).sentIds[s.getInt("op")] = ack.path("id").asLong();
                SharedEditSimulation.checkRecipients(user(s), "its " + op(s).kind().wire(), ack, op(s).recipients());
            }
            return s;
        });
    }

    private ChainBuilder edit() {
        return exec(s -> {
            if (user(s).sentIds[op(s).editOf()] < 0) {
                LoadMetrics.problem(user(s).nick + ": op " + s.getInt("op") + " edits a message that was not sent");
            }
            return s;
        }).doIf(s -> user(s).sentIds[op(s).editOf()] >= 0).then(
                request("edit", s -> Requests.editContent(user(s).sentIds[op(s).editOf()], MixedPlan.content(op(s))),
                        s -> {
                            JsonNode ack = user(s).reply("ack");
                            if (ack != null) {
                                SharedEditSimulation.checkRecipients(user(s), "its edit", ack, op(s).recipients());
                            }
                            return s;
                        }));
    }

    @Override
    protected Map<String, Long> expectedWork() {
        return work("logins", n, "sends", plan.sends, "edits", plan.edits, "pal", plan.pals, "palCount", palCount,
                "deliveries", plan.deliveries);
    }
}
