package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.doIf;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.pause;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.ws;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.javaapi.core.ActionBuilder;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.WsFrameCheck;
import io.paradigmlab.chatapp.domain.SeedUsers;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.IntStream;

/**
 * What every ChatApp experiment's simulation shares: one scenario of {@link LoadParams#users()} users injected at once
 * (a closed population doing fixed work), each with its {@link ChatUser} state; requests that await their reply;
 * waits that drain fan-out frames; and the totals checked after the run ({@link #expectedWork()}).
 *
 * <h2>Why frames go through a match condition</h2>
 * Gatling 3.15's WebSocket state machine drops a text frame that arrives while a check is pending and does not match
 * it (WsPerformingCheckState logs it, but does not buffer it), and clears its buffer of unmatched frames whenever the
 * user sends. A chat user receives deliveries at any time, also while it awaits its own ack, so a plain
 * {@code matching(jsonPath("$.ref").is(ref))} would lose deliveries. Here the reply check's match condition hands
 * every frame to {@link ChatUser#onFrame} (which counts and times deliveries and recognises the awaited reply), and
 * the buffer (frames that came while no check was pending) is drained right before each send, in the same event-loop
 * task, so that no frame is lost or seen twice.
 */
public abstract class ChatSimulation extends Simulation {

    /** The protocol's WebSocket subprotocol. */
    static final String SUBPROTOCOL = "chatapp.v1";

    protected final LoadParams params = LoadParams.fromSystemProperties();
    protected final int n = params.users();

    private static final WsFrameCheck.Text REPLY = ws.checkTextMessage("reply")
            .matching(bodyString().transformWithSession((text, session) -> user(session).onFrame(text)).is(true));

    private static final ActionBuilder DRAIN = ws.processUnmatchedMessages((messages, session) -> {
        user(session).drain(messages);
        return session;
    });

    private final HttpProtocolBuilder protocol = http
            // Gatling warms its HTTP client up with one request before the users start (to gatling.io unless told):
            // the server's health check, so that the client's cold start is not in the first users' times
            .warmUp(healthUrl(params.url()))
            // frames that arrive between requests wait here until the next drain: never drop one
            .wsUnmatchedInboundMessageBufferSize(Integer.MAX_VALUE)
            .wsMaxReconnects(0);

    /** {@code ws://host:port/chat} to {@code http://host:port/actuator/health}. */
    static String healthUrl(String wsUrl) {
        java.net.URI uri = java.net.URI.create(wsUrl);
        return (uri.getScheme().equals("wss") ? "https" : "http") + "://" + uri.getRawAuthority()
                + "/actuator/health";
    }

    static ChatUser user(Session session) {
        return session.get(ChatUser.KEY);
    }

    /** The nick of user {@code i} (1-based), after the offset. */
    protected String nick(int i) {
        return SeedUsers.nick(params.seedUser(i));
    }

    /**
     * Sets up the simulation: every user gets its index 1..N (each index exactly once; which Gatling user gets which
     * does not matter, since an index alone decides the work), then runs {@code work}.
     */
    protected void run(String name, ChainBuilder work, ChatUser.DeliveryObserver observer) {
        Iterator<Map<String, Object>> indexes = IntStream.rangeClosed(1, n)
                .mapToObj(i -> Map.<String, Object>of("i", i)).iterator();
        ScenarioBuilder scenario = scenario(name)
                .feed(indexes)
                .exec(session -> {
                    int i = session.getInt("i");
                    ChatUser u = new ChatUser(i, nick(i), SeedUsers.password(params.seedUser(i)), nick(1), params,
                            observer);
                    LoadMetrics.started(ChatUser.nowMicros());
                    return session.set(ChatUser.KEY, u);
                })
                .exec(work)
                .exec(session -> {
                    ChatUser u = user(session);
                    LoadMetrics.USERS_DONE.incrementAndGet();
                    if (u.workEndMicros() != Long.MIN_VALUE) {
                        LoadMetrics.workEnded(u.workEndMicros());
                    }
                    return session;
                });
        setUp(scenario.injectOpen(atOnceUsers(n))).protocols(protocol).maxDuration(params.maxDuration());
    }

    /** Connects the user's WebSocket (subprotocol {@value #SUBPROTOCOL}); a failure stops the user. */
    protected ChainBuilder connect() {
        return exec(Session::markAsSucceeded)
                .exec(ws("connect").connect(params.url()).subprotocol(SUBPROTOCOL))
                .exec(session -> {
                    user(session).connected(!session.isFailed());
                    return session;
                });
    }

    /** Logs the user in as its seeded account; a failed login stops the user. */
    protected ChainBuilder login() {
        return request("login", s -> Requests.login(user(s).nick, user(s).password), s -> {
            if (user(s).reply("ok") == null) {
                user(s).stop(); // reply() or finish() said why
            }
            return s;
        });
    }

    /** Drains the buffered frames, then closes the WebSocket. */
    protected ChainBuilder close() {
        return doIf(s -> user(s).connected()).then(
                exec(DRAIN).exec(ws("close").close()).exec(s -> {
                    user(s).closed();
                    return s;
                }));
    }

    /**
     * One request: drain, send, await the reply (at most {@link LoadParams#replyTimeout()}), then {@code after} with
     * the reply in {@link ChatUser#reply(String)}. Skipped by a user that lost its connection.
     *
     * @param op the protocol op, which is also the request's name in Gatling's statistics
     */
    protected ChainBuilder request(String op, Function<Session, ObjectNode> frame,
                                   Function<Session, Session> after) {
        return doIf(s -> user(s).alive()).then(
                // drain and send run in one event-loop task: the send clears Gatling's buffer
                exec(DRAIN)
                        .exec(ws(op).sendText(s -> user(s).begin(op, frame.apply(s)))
                                .await(params.replyTimeout()).on(REPLY))
                        .exec(s -> {
                            user(s).finish();
                            return s;
                        })
                        .exec(after));
    }

    /**
     * Waits until {@code done} holds, draining received frames. A wait the user acts upon ({@code endsWork} false)
     * polls adaptively from 1 ms (its detection delay adds to the makespan, at most {@link LoadParams#pollMillis()});
     * a wait that ends the user's work polls every {@code pollMillis} and stamps the work's end with the arrival of
     * the last frame, so its polling adds nothing to the makespan. Gives up after {@link LoadParams#waitTimeout()}.
     */
    protected ChainBuilder waitFor(String what, Predicate<ChatUser> done, boolean endsWork) {
        return doIf(s -> user(s).connected()).then(
                exec(DRAIN)
                        .exec(s -> {
                            user(s).startWait();
                            return s;
                        })
                        .asLongAs(s -> user(s).keepWaiting(done)).on(
                                pause(s -> user(s).nextPoll(!endsWork)).exec(DRAIN))
                        .exec(s -> {
                            user(s).endWait(what, done, endsWork);
                            return s;
                        }));
    }

    /**
     * The work the clients must have seen, by {@link LoadResult} count name ({@code logins}, {@code sends},
     * {@code edits}, {@code pal}, {@code deliveries}), for the check after the run.
     */
    protected abstract Map<String, Long> expectedWork();

    /** Further checks after the run (add problems to {@link LoadMetrics}). */
    protected void verify() {
    }

    @Override
    public void after() {
        int done = LoadMetrics.USERS_DONE.get();
        if (done < n) {
            LoadMetrics.problem((n - done) + " of " + n + " users did not finish (stopped after "
                    + params.maxDuration().toSeconds() + " s?)");
        }
        Map<String, Long> seen = LoadResult.clientCounts();
        expectedWork().forEach((name, expected) -> {
            long got = seen.getOrDefault(name, 0L);
            if (got != expected) {
                LoadMetrics.problem(name + ": expected " + expected + ", the clients counted " + got);
            }
        });
        verify();
    }

    /** An ordered map of expected counts. */
    protected static Map<String, Long> work(Object... nameAndCount) {
        Map<String, Long> map = new LinkedHashMap<>();
        for (int i = 0; i < nameAndCount.length; i += 2) {
            map.put((String) nameAndCount[i], ((Number) nameAndCount[i + 1]).longValue());
        }
        return map;
    }
}
