package io.paradigmlab.chatapp.load;

import java.util.SplittableRandom;

/**
 * Experiment C's work (spec 2.2 and 4.4), a pure function of (seed, users, ops, mix): which users do I/O and which do
 * CPU tasks, every user's script of operations, and how many deliveries each user must receive. Nothing depends on
 * the order in which users arrive or run, so every variant gets exactly the same work.
 *
 * <ul>
 * <li>Roles: the users 1..N shuffled with the seed; the first {@code round(N * mix / 100)} do I/O, the rest CPU.</li>
 * <li>An I/O operation is, with probability 1/4 each: a broadcast; a unicast to a scripted other user; a blockcast
 * excluding two scripted other users; or an edit (new content) of the user's own latest message (a broadcast when it
 * has none yet). Messages are {@code private}, so only their author may edit them; contents are 64..256 random
 * letters.</li>
 * <li>A CPU operation is {@code pal} on a scripted {@code cpu_line} (ids 1..{@value #CPU_LINES}).</li>
 * <li>Everyone is online during the operations (rendezvous before and after), so the recipients of every send are
 * fixed: a broadcast reaches N-1 users, a unicast 1, a blockcast N-3; an edit by its author reaches the same
 * recipients as the message (Recipients.ofEdit with editor = author).</li>
 * </ul>
 */
final class MixedPlan {

    static final int CPU_LINES = 1_000;
    static final int MIN_CONTENT = 64;
    static final int MAX_CONTENT = 256;
    /** Messages of experiment C may only be edited by their author. */
    static final String EDIT_TYPE = "private";

    enum Type {
        BROADCAST, UNICAST, BLOCKCAST, EDIT, PAL;

        String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One scripted operation.
     *
     * @param type        what the user does
     * @param kind        the message's kind: the type for a send, the edited send's kind for an edit, null for pal
     * @param targets     user indexes: the unicast's target or the blockcast's excluded users (of the edited send for
     *                    an edit)
     * @param editOf      for an edit, the op index of the send it edits; else -1
     * @param lineId      for pal, the {@code cpu_line} id; else 0
     * @param contentSeed the seed of the content (sends and edits)
     * @param recipients  how many users receive the message or edit
     */
    record Op(Type type, Type kind, int[] targets, int editOf, int lineId, long contentSeed, int recipients) {
    }

    final int users;
    final boolean[] io;
    /** ops[user][i], users 1-based. */
    final Op[][] ops;
    /** Deliveries ({@code msg} + {@code edited}) each user receives, users 1-based. */
    final long[] expected;
    long sends;
    long edits;
    long pals;
    long deliveries;

    private MixedPlan(int users, int opsPerUser) {
        this.users = users;
        this.io = new boolean[users + 1];
        this.ops = new Op[users + 1][opsPerUser];
        this.expected = new long[users + 1];
    }

    static MixedPlan of(long seed, int users, int opsPerUser, int ioPercent) {
        MixedPlan plan = new MixedPlan(users, opsPerUser);
        int[] order = new int[users];
        for (int i = 0; i < users; i++) {
            order[i] = i + 1;
        }
        SplittableRandom shuffle = new SplittableRandom(mix(seed, 0, 0x5EED));
        for (int i = users - 1; i > 0; i--) {
            int j = shuffle.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        long ioUsers = Math.round(users * ioPercent / 100.0);
        for (int i = 0; i < ioUsers; i++) {
            plan.io[order[i]] = true;
        }
        // deliveries: 'all' counts messages reaching everyone but some; 'minus' those some; 'plus' unicasts
        long all = 0;
        long[] minus = new long[users + 1];
        long[] plus = new long[users + 1];
        for (int u = 1; u <= users; u++) {
            SplittableRandom random = new SplittableRandom(mix(seed, u, 0xC0DE));
            int lastSend = -1;
            for (int i = 0; i < opsPerUser; i++) {
                Op op;
                if (!plan.io[u]) {
                    op = new Op(Type.PAL, null, new int[0], -1, random.nextInt(1, CPU_LINES + 1), 0, 0);
                    plan.pals++;
                } else {
                    int choice = random.nextInt(4);
                    if (choice == 3 && lastSend >= 0) {
                        Op sent = plan.ops[u][lastSend];
                        op = new Op(Type.EDIT, sent.kind(), sent.targets(), lastSend, 0, random.nextLong(),
                                sent.recipients());
                        plan.edits++;
                    } else {
                        Type kind = choice == 3 ? Type.BROADCAST : Type.values()[choice];
                        int[] targets = new int[0];
                        if (kind == Type.UNICAST) {
                            if (users < 2) {
                                kind = Type.BROADCAST;
                            } else {
                                targets = new int[] {other(random, users, u, -1)};
                            }
                        } else if (kind == Type.BLOCKCAST) {
                            if (users < 3) {
                                kind = Type.BROADCAST;
                            } else {
                                int a = other(random, users, u, -1);
                                targets = new int[] {a, other(random, users, u, a)};
                            }
                        }
                        int recipients = switch (kind) {
                            case UNICAST -> 1;
                            case BLOCKCAST -> users - 1 - targets.length;
                            default -> users - 1;
                        };
                        op = new Op(kind, kind, targets, -1, 0, random.nextLong(), recipients);
                        lastSend = i;
                        plan.sends++;
                    }
                    switch (op.kind()) {
                        case UNICAST -> plus[op.targets()[0]]++;
                        default -> {
                            all++;
                            minus[u]++;
                            for (int t : op.targets()) {
                                minus[t]++;
                            }
                        }
                    }
                    plan.deliveries += op.recipients();
                }
                plan.ops[u][i] = op;
            }
        }
        for (int u = 1; u <= users; u++) {
            plan.expected[u] = all - minus[u] + plus[u];
        }
        return plan;
    }

    /** A user index in 1..users other than {@code self} and {@code not}. */
    private static int other(SplittableRandom random, int users, int self, int not) {
        while (true) {
            int t = random.nextInt(1, users + 1);
            if (t != self && t != not) {
                return t;
            }
        }
    }

    /** The content of a send or edit: 64..256 random lower-case letters. */
    static String content(Op op) {
        SplittableRandom random = new SplittableRandom(op.contentSeed());
        int length = random.nextInt(MIN_CONTENT, MAX_CONTENT + 1);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(chars);
    }

    /** SplitMix64's finalizer over (seed, a, b). */
    static long mix(long seed, long a, long b) {
        long z = seed + 0x9E3779B97F4A7C15L * (a + 1) + 0xD1B54A32D192ED03L * (b + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
