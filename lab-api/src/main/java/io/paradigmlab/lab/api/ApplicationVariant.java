package io.paradigmlab.lab.api;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The one shape of an application's enum of variants ({@code TweebyteVariant}, {@code ItStoreVariant},
 * {@code EshopVariant}, {@code ChatVariant}): each constant knows its command-line id, whether it serves from an
 * event loop (where the lab installs BlockHound when asked) and one line for {@code ./lab list}; {@link #parse} reads
 * an id the same way for every application.
 */
public interface ApplicationVariant {

    /** The id on the command line and in reports, e.g. {@code reactive}, {@code jdbc-webflux}. */
    String id();

    /** Whether its services serve requests on event-loop threads, where a blocking call is a defect. */
    boolean eventLoop();

    /** One line: the stack and how a request waits. */
    String description();

    /** What {@link Application#variants()} lists for it. */
    default VariantInfo info() {
        return new VariantInfo(id(), description());
    }

    /** Every constant of {@code type} as {@link Application#variants()} lists them, in declaration order. */
    static <V extends Enum<V> & ApplicationVariant> List<VariantInfo> infos(Class<V> type) {
        return Arrays.stream(type.getEnumConstants()).map(ApplicationVariant::info).toList();
    }

    /**
     * The constant of {@code type} whose id is {@code text} (trimmed, any case).
     *
     * @param application the application's name for the error, e.g. {@code e-shop}
     * @throws LabException naming the choices when there is none
     */
    static <V extends Enum<V> & ApplicationVariant> V parse(Class<V> type, String text, String application) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(type.getEnumConstants()).filter(v -> v.id().equals(wanted)).findFirst()
                .orElseThrow(() -> new LabException("Unknown " + application + " variant '" + text
                        + "': choose one of " + ids(type)));
    }


    /** The ids of {@code type}'s constants, comma-separated, in declaration order. */
    private static <V extends Enum<V> & ApplicationVariant> String ids(Class<V> type) {
        return Arrays.stream(type.getEnumConstants()).map(ApplicationVariant::id).collect(Collectors.joining(", "));
    }
}
