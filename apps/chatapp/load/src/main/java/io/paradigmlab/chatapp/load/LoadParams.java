package io.paradigmlab.chatapp.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * What one load run does, from {@link ChatLoad}'s command line, handed to the simulation (which Gatling instantiates
 * itself) as {@code chatload.*} system properties. Every knob that changes the work or a measurement is here.
 *
 * @param scenario     the experiment: {@code A.1}, {@code A.2}, {@code B.1}, {@code B.2} or {@code C}
 * @param url          the server's WebSocket endpoint, e.g. {@code ws://127.0.0.1:8070/chat}
 * @param users        how many users (connections) take part; all are injected at once (closed population)
 * @param seed         the seed every script, line and role is derived from: the same seed gives every variant the
 *                     same work
 * @param ops          C: operations per user (the thesis's 200 tasks)
 * @param k            B and C: the {@code pal} work factor (1 = the thesis; 10 and 100 are the ext sweep)
 * @param mix          C: the percentage of users doing I/O (the rest do CPU tasks): 50, 70 or 30
 * @param offset       user {@code i} logs in as {@code user_<offset+i>}; 0 in the lab
 * @param logins       A.1: connect-login-close cycles per user (1 = the thesis; 200 = ext)
 * @param replyTimeout how long a user waits for the reply to one request before counting it as an error
 * @param waitTimeout  how long a user waits for the deliveries it expects before giving up (a problem)
 * @param pollMillis   how often (at most, in ms) a waiting user drains its received frames; a wait for a frame the
 *                     user acts upon starts at 1 ms and doubles up to this, so this bounds the detection delay
 * @param maxDuration  Gatling stops every user after this long (the lab sets it below its own run limit)
 * @param out          the folder result.json (and the optional Gatling report) go to
 * @param data         the lab's scenario data folder ({@code lines.csv}: palindrome counts of {@code cpu_line}), or
 *                     null to compute the reference counts from the seed
 * @param report       whether Gatling also writes its simulation.log and HTML report into {@code out/gatling}
 *                     (large for fan-out scenarios; off by default)
 */
public record LoadParams(String scenario, String url, int users, long seed, int ops, int k, int mix, int offset,
                         int logins, Duration replyTimeout, Duration waitTimeout, int pollMillis, Duration maxDuration,
                         Path out, Path data, boolean report) {

    static final String PREFIX = "chatload.";
    public static final List<String> SCENARIOS = List.of("A.1", "A.2", "B.1", "B.2", "C");

    public LoadParams {
        if (!SCENARIOS.contains(scenario)) {
            throw new IllegalArgumentException("unknown scenario '" + scenario + "': choose one of " + SCENARIOS);
        }
        if (url == null || !(url.startsWith("ws://") || url.startsWith("wss://"))) {
            throw new IllegalArgumentException("--url must be a ws:// URL, got " + url);
        }
        require(users >= 1, "--users must be at least 1: " + users);
        require(ops >= 1, "--ops must be at least 1: " + ops);
        require(k >= 1 && k <= 1000, "--k must be in 1..1000: " + k);
        require(mix >= 0 && mix <= 100, "--mix must be a percentage: " + mix);
        require(offset >= 0, "--offset must be >= 0: " + offset);
        require(logins >= 1, "--logins must be at least 1: " + logins);
        require(pollMillis >= 1, "--poll-ms must be at least 1: " + pollMillis);
        require(!replyTimeout.isNegative() && !replyTimeout.isZero(), "--reply-timeout must be positive");
        require(!waitTimeout.isNegative() && !waitTimeout.isZero(), "--wait-timeout must be positive");
        require(!maxDuration.isNegative() && !maxDuration.isZero(), "--max-seconds must be positive");
        if (out == null) {
            throw new IllegalArgumentException("--out is required");
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }

    /** The nick user {@code i} (1-based) logs in as. */
    public int seedUser(int i) {
        return offset + i;
    }

    /**
     * Parses {@code --name value} pairs (and the flag {@code --report}).
     *
     * @throws IllegalArgumentException naming the bad or missing argument
     */
    public static LoadParams parse(String... args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + a + "'");
            }
            String name = a.substring(2);
            if (name.equals("report")) {
                values.put(name, "true");
            } else if (i + 1 < args.length) {
                values.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException(a + " needs a value");
            }
        }
        return of(values);
    }

    /** The run from the {@code chatload.*} system properties {@link #toProperties()} wrote. */
    public static LoadParams fromSystemProperties() {
        Map<String, String> values = new LinkedHashMap<>();
        Properties p = System.getProperties();
        for (String name : p.stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                values.put(name.substring(PREFIX.length()), p.getProperty(name));
            }
        }
        return of(values);
    }

    private static LoadParams of(Map<String, String> v) {
        List<String> known = List.of("scenario", "url", "users", "seed", "ops", "k", "mix", "offset", "logins",
                "reply-timeout", "wait-timeout", "poll-ms", "max-seconds", "out", "data", "report");
        List<String> unknown = new ArrayList<>(v.keySet());
        unknown.removeAll(known);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) " + unknown + ": known are " + known);
        }
        String scenario = v.get("scenario");
        if (scenario == null) {
            throw new IllegalArgumentException("--scenario is required (" + SCENARIOS + ")");
        }
        String users = v.get("users");
        if (users == null) {
            throw new IllegalArgumentException("--users is required");
        }
        return new LoadParams(scenario.toUpperCase(Locale.ROOT), v.get("url"), integer("users", users),
                Long.parseLong(v.getOrDefault("seed", "1")), integer("ops", v.getOrDefault("ops", "200")),
                integer("k", v.getOrDefault("k", "1")), integer("mix", v.getOrDefault("mix", "50")),
                integer("offset", v.getOrDefault("offset", "0")), integer("logins", v.getOrDefault("logins", "1")),
                Duration.ofSeconds(integer("reply-timeout", v.getOrDefault("reply-timeout", "60"))),
                Duration.ofSeconds(integer("wait-timeout", v.getOrDefault("wait-timeout", "120"))),
                integer("poll-ms", v.getOrDefault("poll-ms", "10")),
                Duration.ofSeconds(integer("max-seconds", v.getOrDefault("max-seconds", "3600"))),
                v.containsKey("out") ? Path.of(v.get("out")) : null,
                v.containsKey("data") && !v.get("data").isBlank() ? Path.of(v.get("data")) : null,
                Boolean.parseBoolean(v.getOrDefault("report", "false")));
    }

    private static int integer(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " takes a whole number, got '" + value + "'");
        }
    }

    /** The run as {@code chatload.*} properties, which {@link #fromSystemProperties()} reads back. */
    public Properties toProperties() {
        Properties p = new Properties();
        p.setProperty(PREFIX + "scenario", scenario);
        p.setProperty(PREFIX + "url", url);
        p.setProperty(PREFIX + "users", Integer.toString(users));
        p.setProperty(PREFIX + "seed", Long.toString(seed));
        p.setProperty(PREFIX + "ops", Integer.toString(ops));
        p.setProperty(PREFIX + "k", Integer.toString(k));
        p.setProperty(PREFIX + "mix", Integer.toString(mix));
        p.setProperty(PREFIX + "offset", Integer.toString(offset));
        p.setProperty(PREFIX + "logins", Integer.toString(logins));
        p.setProperty(PREFIX + "reply-timeout", Long.toString(replyTimeout.toSeconds()));
        p.setProperty(PREFIX + "wait-timeout", Long.toString(waitTimeout.toSeconds()));
        p.setProperty(PREFIX + "poll-ms", Integer.toString(pollMillis));
        p.setProperty(PREFIX + "max-seconds", Long.toString(maxDuration.toSeconds()));
        p.setProperty(PREFIX + "out", out.toString());
        p.setProperty(PREFIX + "data", data == null ? "" : data.toString());
        p.setProperty(PREFIX + "report", Boolean.toString(report));
        return p;
    }

    /** One line for the log. */
    public String describe() {
        return String.format(Locale.ROOT, "%s, %d users, seed %d%s, %s", scenario, users, seed,
                switch (scenario) {
                    case "A.1" -> ", " + logins + " login(s) per user";
                    case "B.1", "B.2" -> ", k " + k;
                    case "C" -> ", " + ops + " ops per user, " + mix + "% I/O users, k " + k;
                    default -> "";
                }, url);
    }
}
