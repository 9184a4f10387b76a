package io.paradigmlab.chatapp.lab;

import io.paradigmlab.chatapp.domain.Limits;
import io.paradigmlab.lab.api.LabException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The launch settings of one ChatApp deployment ({@code --set KEY=VALUE}), validated. Each one changes a
 * measurement, which is why the report records them.
 *
 * @param stateless     {@code stateless=true}: login only reads (no {@code last_login} write), as experiments A.1 and
 *                      B.1 need for their zero-writes check (spec W9)
 * @param poolSize      {@code pool-size}: database connections of the server (HikariCP maximum, or the Vert.x PG
 *                      pool's), the same for every variant (spec W2)
 * @param xss           {@code xss}: the thread stack size passed as {@code -Xss<value>} (e.g. {@code 256k}), or empty
 *                      for the JVM default (1m on Linux x64); the stack-size sweep of spec section 4.2 reproduces the
 *                      thesis's memory explanation (section 6.2.4)
 * @param outboundQueue {@code outbound-queue}: frames a connection's outbound queue holds before the server closes
 *                      it as a slow consumer (1008)
 */
public record ChatSettings(boolean stateless, int poolSize, String xss, int outboundQueue) {

    public static final String STATELESS = "stateless";
    public static final String POOL_SIZE = "pool-size";
    public static final String XSS = "xss";
    public static final String OUTBOUND_QUEUE = "outbound-queue";

    /** The largest pool: the embedded PostgreSQL allows 300 connections and the lab keeps some for itself. */
    static final int MAX_POOL_SIZE = 250;
    static final int MAX_OUTBOUND_QUEUE = 1_000_000;
    /** The JVM refuses smaller stacks on Linux x64 ("Specify at least 136k"); more than 1g makes no sense. */
    static final long MIN_XSS_BYTES = 136 * 1024L;
    static final long MAX_XSS_BYTES = 1024L * 1024 * 1024;

    private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})([kKmMgG]?)");

    public static final ChatSettings DEFAULTS =
            new ChatSettings(false, Limits.DEFAULT_POOL_SIZE, "", Limits.DEFAULT_OUTBOUND_QUEUE);

    /**
     * Reads the settings of a launch: absent keys take their defaults.
     *
     * @throws LabException naming the key, what it takes and the value given, for a bad value or an unknown key
     */
    public static ChatSettings of(Map<String, String> settings) {
        for (String key : settings.keySet()) {
            if (!key.equals(STATELESS) && !key.equals(POOL_SIZE) && !key.equals(XSS) && !key.equals(OUTBOUND_QUEUE)) {
                throw new LabException("ChatApp has no launch setting '" + key + "': choose one of " + STATELESS + ", "
                        + POOL_SIZE + ", " + XSS + ", " + OUTBOUND_QUEUE);
            }
        }
        boolean stateless = bool(settings.getOrDefault(STATELESS, "false"));
        int poolSize = number(POOL_SIZE, settings.get(POOL_SIZE), DEFAULTS.poolSize, 1, MAX_POOL_SIZE,
                "a number of database connections");
        String xss = xss(settings.getOrDefault(XSS, ""));
        int outboundQueue = number(OUTBOUND_QUEUE, settings.get(OUTBOUND_QUEUE), DEFAULTS.outboundQueue, 1,
                MAX_OUTBOUND_QUEUE, "a number of frames");
        return new ChatSettings(stateless, poolSize, xss, outboundQueue);
    }

    /** The JVM flag of {@link #xss()}, or empty for the JVM default. */
    public java.util.Optional<String> xssFlag() {
        return xss.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of("-Xss" + xss);
    }

    private static boolean bool(String value) {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new LabException("--set " + STATELESS + " takes true or false, got '" + value + "'");
        };
    }

    private static int number(String key, String value, int fallback, int min, int max, String what) {
        if (value == null) {
            return fallback;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new LabException(String.format(Locale.ROOT, "--set %s takes %s from %d to %d, got '%s'", key, what, min,
                max, value));
    }

    /** A size as {@code -Xss} takes it ({@code 256k}, {@code 1m}, {@code 1048576}), normalized to lower case. */
    private static String xss(String value) {
        String v = value.trim();
        if (v.isEmpty()) {
            return "";
        }
        Matcher m = SIZE.matcher(v);
        if (m.matches()) {
            long n = Long.parseLong(m.group(1));
            long bytes = switch (m.group(2).toLowerCase(Locale.ROOT)) {
                case "k" -> n * 1024;
                case "m" -> n * 1024 * 1024;
                case "g" -> n * 1024 * 1024 * 1024;
                default -> n;
            };
            if (bytes >= MIN_XSS_BYTES && bytes <= MAX_XSS_BYTES) {
                return v.toLowerCase(Locale.ROOT);
            }
        }
        throw new LabException("--set " + XSS + " takes a thread stack size as -Xss does, from 136k to 1g (e.g. 256k,"
                + " 512k, 1m; empty for the JVM default), got '" + value + "'");
    }
}
