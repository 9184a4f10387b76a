package io.paradigmlab.chatapp.domain;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Who receives a message or an edit (spec 1.4 and 5.1), from the set of nicks online at delivery time. The sender
 * never gets its own message. Both methods return a new, mutable set in the iteration order of {@code online}.
 */
public final class Recipients {

    private Recipients() {
    }

    /**
     * Broadcast: everyone online but the sender. Unicast: the target if online and not the sender. Blockcast: everyone
     * online but the sender and the targets.
     */
    public static Set<String> of(Kind kind, List<String> targets, String sender, Set<String> online) {
        return switch (kind) {
            case BROADCAST -> {
                Set<String> all = new LinkedHashSet<>(online);
                all.remove(sender);
                yield all;
            }
            case UNICAST -> {
                Set<String> one = new LinkedHashSet<>(1);
                String target = targets.getFirst();
                if (!target.equals(sender) && online.contains(target)) {
                    one.add(target);
                }
                yield one;
            }
            case BLOCKCAST -> {
                Set<String> rest = new LinkedHashSet<>(online);
                rest.remove(sender);
                for (String blocked : targets) { // a loop, not removeAll: that can be O(n*m) on a list argument
                    rest.remove(blocked);
                }
                yield rest;
            }
        };
    }

    /**
     * Who gets an {@code edited} frame: the message's recipients by its original strategy now (as if the author sent
     * it again), plus the author if online, minus the editor (who gets the ack instead).
     */
    public static Set<String> ofEdit(Kind kind, List<String> targets, String author, String editor,
            Set<String> online) {
        Set<String> result = of(kind, targets, author, online);
        if (online.contains(author)) {
            result.add(author);
        }
        result.remove(editor);
        return result;
    }
}
