package io.paradigmlab.tweebyte.domain;

import io.paradigmlab.common.contract.ApiException;
import java.util.UUID;
import java.util.regex.Pattern;

/** Parses ids from paths and bodies, strictly: {@link UUID#fromString} alone accepts forms like "1-2-3-4-5". */
public final class Ids {

    private static final Pattern CANONICAL =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Ids() {
    }

    /** @throws ApiException.BadRequest naming {@code field} when {@code raw} is not a canonical UUID */
    public static UUID parse(String field, String raw) {
        if (raw == null || !CANONICAL.matcher(raw).matches()) {
            throw new ApiException.BadRequest(field + " must be a valid UUID");
        }
        return UUID.fromString(raw);
    }
}
