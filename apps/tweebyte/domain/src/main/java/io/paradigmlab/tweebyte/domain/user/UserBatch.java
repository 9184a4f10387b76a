package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * The internal batch look-ups {@code POST /internal/users/summaries/by-id} and {@code /by-name}: what other
 * services ask in one call instead of one call per user.
 */
public final class UserBatch {

    public static final int MAX = 1000;
    public static final String IDS_INVALID = "Body must be a JSON array of at most 1000 user ids";
    public static final String NAMES_INVALID = "Body must be a JSON array of at most 1000 user names";

    private UserBatch() {
    }

    /** Distinct ids in request order. */
    public static List<UUID> ids(List<String> raw) {
        if (raw == null || raw.size() > MAX) {
            throw new ApiException.BadRequest(IDS_INVALID);
        }
        LinkedHashSet<UUID> ids = new LinkedHashSet<>();
        for (String id : raw) {
            try {
                ids.add(Ids.parse("id", id));
            } catch (ApiException.BadRequest e) {
                throw new ApiException.BadRequest(IDS_INVALID);
            }
        }
        return List.copyOf(ids);
    }

    /** Distinct lower-cased names in request order (user names compare without case). */
    public static List<String> names(List<String> raw) {
        if (raw == null || raw.size() > MAX) {
            throw new ApiException.BadRequest(NAMES_INVALID);
        }
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String name : raw) {
            if (name == null || name.isBlank() || TextRules.hasNul(name) || TextRules.length(name) > 100) {
                throw new ApiException.BadRequest(NAMES_INVALID);
            }
            names.add(name.toLowerCase(Locale.ROOT));
        }
        return List.copyOf(names);
    }

    /** The found summaries in the order of {@code ids}; ids not found are left out. */
    public static List<UserSummary> inIdOrder(List<UUID> ids, List<UserSummary> found) {
        Map<UUID, UserSummary> byId = new HashMap<>();
        found.forEach(u -> byId.put(u.id(), u));
        return ids.stream().map(byId::get).filter(u -> u != null).toList();
    }

    /** The found summaries in the order of {@code names} (lower-cased); names not found are left out. */
    public static List<UserSummary> inNameOrder(List<String> names, List<UserSummary> found) {
        Map<String, UserSummary> byName = new HashMap<>();
        found.forEach(u -> byName.put(u.userName().toLowerCase(Locale.ROOT), u));
        return names.stream().map(byName::get).filter(u -> u != null).toList();
    }
}
