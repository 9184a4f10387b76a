package io.paradigmlab.chatapp.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.domain.Kind;
import io.paradigmlab.chatapp.domain.Recipients;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MixedPlanTest {

    @ParameterizedTest
    @CsvSource({"1,20,50", "2,20,50", "3,30,70", "12,200,50", "25,60,30", "10,40,100", "10,40,0"})
    void expectedDeliveriesAreWhatTheDomainsRecipientRulesGive(int users, int ops, int mix) {
        MixedPlan plan = MixedPlan.of(42, users, ops, mix);
        Set<String> online = new LinkedHashSet<>();
        IntStream.rangeClosed(1, users).forEach(u -> online.add("u" + u));
        long[] received = new long[users + 1];
        long deliveries = 0;

        for (int u = 1; u <= users; u++) {
            for (MixedPlan.Op op : plan.ops[u]) {
                if (op.type() == MixedPlan.Type.PAL) {
                    continue;
                }
                Kind kind = Kind.valueOf(op.kind().name());
                List<String> targets = Arrays.stream(op.targets()).mapToObj(t -> "u" + t).toList();
                Set<String> to = op.type() == MixedPlan.Type.EDIT
                        ? Recipients.ofEdit(kind, targets, "u" + u, "u" + u, online)
                        : Recipients.of(kind, targets, "u" + u, online);
                assertThat(op.recipients()).isEqualTo(to.size());
                for (String r : to) {
                    received[Integer.parseInt(r.substring(1))]++;
                }
                deliveries += to.size();
            }
        }

        for (int u = 1; u <= users; u++) {
            assertThat(plan.expected[u]).as("user %d", u).isEqualTo(received[u]);
        }
        assertThat(plan.deliveries).isEqualTo(deliveries);
    }

    @Test
    void rolesFollowTheMixAndScriptsAreValid() {
        MixedPlan plan = MixedPlan.of(7, 100, 200, 70);

        long io = IntStream.rangeClosed(1, 100).filter(u -> plan.io[u]).count();
        assertThat(io).isEqualTo(70);
        long pals = 0;
        long edits = 0;
        for (int u = 1; u <= 100; u++) {
            MixedPlan.Op[] ops = plan.ops[u];
            assertThat(ops).hasSize(200);
            for (int i = 0; i < ops.length; i++) {
                MixedPlan.Op op = ops[i];
                if (!plan.io[u]) {
                    assertThat(op.type()).isEqualTo(MixedPlan.Type.PAL);
                    assertThat(op.lineId()).isBetween(1, MixedPlan.CPU_LINES);
                    pals++;
                    continue;
                }
                assertThat(op.type()).isNotEqualTo(MixedPlan.Type.PAL);
                int self = u;
                assertThat(op.targets()).doesNotContain(self).doesNotHaveDuplicates();
                switch (op.type()) {
                    case UNICAST -> assertThat(op.targets()).hasSize(1);
                    case BLOCKCAST -> assertThat(op.targets()).hasSize(2);
                    case BROADCAST -> assertThat(op.targets()).isEmpty();
                    case EDIT -> {
                        edits++;
                        assertThat(op.editOf()).isBetween(0, i - 1);
                        // the user's own latest send before this op
                        MixedPlan.Op sent = ops[op.editOf()];
                        assertThat(sent.type()).isNotIn(MixedPlan.Type.EDIT, MixedPlan.Type.PAL);
                        for (int j = op.editOf() + 1; j < i; j++) {
                            assertThat(ops[j].type()).isEqualTo(MixedPlan.Type.EDIT);
                        }
                        assertThat(op.kind()).isEqualTo(sent.kind());
                    }
                    default -> throw new AssertionError(op);
                }
                String content = MixedPlan.content(op);
                assertThat(content.length()).isBetween(MixedPlan.MIN_CONTENT, MixedPlan.MAX_CONTENT);
                assertThat(content).matches("[a-z]+");
            }
        }
        assertThat(plan.pals).isEqualTo(pals).isEqualTo(30 * 200);
        assertThat(plan.edits).isEqualTo(edits).isPositive();
        assertThat(plan.sends + plan.edits).isEqualTo(70 * 200);
        // about a quarter of the I/O ops are edits
        assertThat((double) plan.edits / (70 * 200)).isBetween(0.2, 0.3);
    }

    @Test
    void theSameSeedGivesTheSameWorkAndAnotherSeedOtherWork() {
        MixedPlan a = MixedPlan.of(5, 20, 50, 50);
        MixedPlan b = MixedPlan.of(5, 20, 50, 50);
        MixedPlan c = MixedPlan.of(6, 20, 50, 50);

        assertThat(a.io).isEqualTo(b.io);
        assertThat(a.expected).isEqualTo(b.expected);
        for (int u = 1; u <= 20; u++) {
            for (int i = 0; i < 50; i++) {
                assertThat(a.ops[u][i].type()).isEqualTo(b.ops[u][i].type());
                assertThat(MixedPlan.content(a.ops[u][i]))
                        .isEqualTo(MixedPlan.content(b.ops[u][i]));
            }
        }
        assertThat(Arrays.equals(a.expected, c.expected) && Arrays.equals(a.io, c.io)).isFalse();
    }
}
