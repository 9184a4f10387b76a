package io.paradigmlab.eshop.domain.error;

import io.paradigmlab.common.contract.ApiException;
import java.util.ArrayList;
import java.util.List;

/**
 * Collects the 400 messages of one request so that every problem is reported at once (a batch of 1,000 lines or an
 * import of 50,000 rows), but at most {@link #MAX_MESSAGES} of them, then one {@code "and N more errors"}: an error
 * body stays small whatever the input.
 */
public final class ErrorList {

    /** The most messages one error body carries before the summary line. */
    public static final int MAX_MESSAGES = 100;

    private final List<String> messages = new ArrayList<>();
    private int total;

    public void add(String message) {
        total++;
        if (messages.size() < MAX_MESSAGES) {
            messages.add(message);
        }
    }

    public boolean isEmpty() {
        return total == 0;
    }

    /** Every message added so far, counting those beyond the cap. */
    public int total() {
        return total;
    }

    /** The messages as the error body carries them: the first {@link #MAX_MESSAGES}, then the count of the rest. */
    public List<String> messages() {
        if (total <= MAX_MESSAGES) {
            return List.copyOf(messages);
        }
        List<String> out = new ArrayList<>(messages);
        out.add("and " + (total - MAX_MESSAGES) + " more errors");
        return List.copyOf(out);
    }

    /** @throws ApiException.BadRequest with {@link #messages()} when any message was added */
    public void throwIfAny() {
        if (total > 0) {
            throw new ApiException.BadRequest(messages());
        }
    }
}
