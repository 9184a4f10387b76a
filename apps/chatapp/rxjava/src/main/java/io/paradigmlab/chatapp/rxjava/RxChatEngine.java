package io.paradigmlab.chatapp.rxjava;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.ErrorCode;
import io.paradigmlab.chatapp.domain.Kind;
import io.paradigmlab.chatapp.domain.Outgoing;
import io.paradigmlab.chatapp.domain.Palindromes;
import io.paradigmlab.chatapp.domain.Passwords;
import io.paradigmlab.chatapp.domain.Recipients;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.server.ChatEngine;
import io.paradigmlab.chatapp.server.Connection;
import io.paradigmlab.chatapp.server.ConnectionHandler;
import io.paradigmlab.chatapp.server.Deliveries;
import io.paradigmlab.chatapp.server.Frames;
import io.paradigmlab.chatapp.server.OnlineUsers;
import io.paradigmlab.chatapp.server.Request;
import io.paradigmlab.chatapp.server.Requests;
import io.reactivex.rxjava3.core.Scheduler;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.disposables.Disposable;
import io.reactivex.rxjava3.processors.UnicastProcessor;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.vertx.rxjava3.core.Context;
import io.vertx.rxjava3.core.RxHelper;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The RxJava 3 engine (spec 4.2, column {@code rxjava}): each connection is a {@code Flowable<String>} of its inbound
 * frames, processed with {@code concatMapSingle}, so strictly one request after the other per connection (hence FIFO
 * per sender and recipient). Each request is one reactive chain:
 * <ol>
 * <li>parse and validate (the shared {@link Requests} and domain rules) on the session's event loop;</li>
 * <li>its SQL through {@link RxChatStore} (the Vert.x reactive PG client), the result back on that event loop;</li>
 * <li>for {@code pal}, the palindrome count on {@link Schedulers#computation()}, then back on the event loop;</li>
 * <li>deliveries and the reply through {@link Connection#send}, which only enqueues.</li>
 * </ol>
 * A {@link ChatException} becomes an {@code err} frame with its code and never closes the connection; anything else
 * (a failed statement: the database down, a pool timeout) is logged and ends the session with close code 1011, as
 * in the threads engine (the protocol has no server-error code to answer with). Nothing here blocks; with {@link ChatBlockHound} installed a blocking call fails.
 *
 * <p>The statements and their order per request are those of the threads engine (equal work, spec 4.2).
 *
 * <p>Pools (spec W15): the Vert.x event loops of the server (2 per core, Vert.x's default), the computation
 * scheduler ({@code Runtime.availableProcessors()} threads, RxJava's default; {@code -Drx3.computation-threads=N}
 * changes it and the measurement), and the PG pool ({@code chatapp.pool-size} connections).
 */
public final class RxChatEngine implements ChatEngine {

    /**
     * Frames a session may have received and not yet taken up before its socket is paused (TCP backpressure on a
     * client that sends faster than its requests complete); reading resumes at {@link #INBOUND_LOW}. The same marks
     * as the threads engine's mailbox.
     */
    public static final int INBOUND_HIGH = 64;
    /** Backlog at which a paused session reads again. */
    public static final int INBOUND_LOW = 16;
    /** The detail of the err frame that answers an unexpected failure (it is logged). */
    public static final String INTERNAL_DETAIL = "internal error";

    // a request that answers nothing (quit, or a frame left over after the session closed)
    private static final String NO_REPLY = "";

    private final RxChatStore store;
    private final OnlineUsers online;
    private final ChatCounters counters;
    private final boolean stateless;
    private final Scheduler cpu;

    /**
     * @param stateless {@code chatapp.stateless}: a login only reads (no TOUCH_LOGIN)
     */
    public RxChatEngine(RxChatStore store, OnlineUsers online, ChatCounters counters, boolean stateless) {
        this(store, online, counters, stateless, Schedulers.computation());
    }

    RxChatEngine(RxChatStore store, OnlineUsers online, ChatCounters counters, boolean stateless, Scheduler cpu) {
        this.store = store;
        this.online = online;
        this.counters = counters;
        this.stateless = stateless;
        this.cpu = cpu;
        // the first SHA-256 looks its provider up (class loading, security properties): not on an event loop
        Passwords.sha256Hex("warm-up");
    }

    @Override
    public ConnectionHandler open(Connection connection) {
        return new Session(connection);
    }

    /** One connection: its inbound Flowable, its login state, its backpressure. */
    private final class Session implements ConnectionHandler {

        private final Connection connection;
        private final Scheduler loop;
        // capacity hint: the queue grows in segments of this size; a session rarely holds more than a few frames
        private final UnicastProcessor<String> inbound = UnicastProcessor.create(INBOUND_LOW);
        private final AtomicInteger backlog = new AtomicInteger();
        private final Disposable subscription;
        private boolean paused; // event loop only
        // written and read by the chain (one request at a time) and by onClose; volatile for the latter
        private volatile String nick;
        private volatile long personId;
        private volatile boolean closed;

        Session(Connection connection) {
            this.connection = connection;
            this.loop = RxHelper.scheduler(Context.newInstance(connection.context()));
            this.subscription = inbound
                    .concatMapSingle(this::process)
                    .subscribe(reply -> { }, e -> {
                        // unreachable unless enqueueing a reply itself threw: the session can take no more frames
                        ChatLog.error("request stream of " + connection + " failed; closing it", e);
                        connection.close(Connection.INTERNAL_ERROR, "internal error");
                    });
        }

        // On the event loop.
        @Override
        public void onText(String frame) {
            if (backlog.incrementAndGet() >= INBOUND_HIGH && !paused) {
                paused = true;
                connection.pause();
            }
            inbound.onNext(frame);
        }

        // On the event loop, once, after the last onText.
        @Override
        public void onClose() {
            closed = true;
            String me = nick;
            if (me != null) {
                online.logout(me, connection);
            }
            inbound.onComplete(); // frames still queued are skipped (process), then the subscription ends
        }

        /**
         * One request, taken from the backlog: never fails (a failure is an err reply); emits once its reply is
         * enqueued, and only then does concatMapSingle take the next frame.
         */
        private Single<String> process(String frame) {
            taken();
            if (closed || !connection.isOpen()) {
                return Single.just(NO_REPLY); // the session ended: frames not yet taken are dropped
            }
            return Single.defer(() -> handle(frame))
                    .onErrorReturn(e -> failure(frame, e))
                    .doOnSuccess(reply -> {
                        if (!reply.isEmpty()) {
                            connection.send(reply);
                        }
                    });
        }

        private Single<String> handle(String frame) {
            Request request;
            try {
                request = Requests.parse(frame);
            } catch (ChatException e) {
                return Single.just(error(Requests.ref(frame), e));
            }
            return Single.defer(() -> dispatch(request)).onErrorReturn(e -> failureFor(request.ref(), e));
        }

        private Single<String> dispatch(Request request) {
            switch (request) {
                case Request.Register r -> {
                    return register(r);
                }
                case Request.Login l -> {
                    return login(l);
                }
                case Request.Stats s -> {
                    return Single.just(Frames.stats(s.ref(), counters.stats()));
                }
                case Request.Quit q -> {
                    return quit();
                }
                default -> {
                    // every other op needs a login
                }
            }
            if (nick == null) {
                throw new ChatException(ErrorCode.NOT_AUTHENTICATED, "log in first");
            }
            return switch (request) {
                case Request.Update u -> update(u);
                case Request.Send s -> send(s);
                case Request.Edit e -> edit(e);
                case Request.Pal p -> pal(p);
                case Request.History h -> history(h);
                default -> throw new IllegalStateException("unhandled request " + request);
            };
        }

        private Single<String> register(Request.Register r) {
            r.validate();
            return store.register(r.nick(), r.first(), r.last(), Passwords.sha256Hex(r.password()))
                    .map(id -> Frames.ok(r.ref()))
                    .switchIfEmpty(Single.error(() -> new ChatException(ErrorCode.NICK_TAKEN,
                            "nick already taken: " + r.nick())));
        }

        private Single<String> login(Request.Login l) {
            if (nick != null) {
                throw new ChatException(ErrorCode.ALREADY_AUTHENTICATED, "already logged in as " + nick);
            }
            l.validate();
            return store.login(l.nick())
                    .filter(c -> Passwords.matches(l.password(), c.passwordHash()))
                    .switchIfEmpty(Single.error(() -> new ChatException(ErrorCode.BAD_CREDENTIALS,
                            "unknown nick or wrong password")))
                    .flatMap(c -> {
                        if (!online.tryLogin(l.nick(), connection)) {
                            throw new ChatException(ErrorCode.ALREADY_ONLINE, l.nick() + " is online elsewhere");
                        }
                        nick = l.nick();
                        personId = c.id();
                        if (closed) { // closed while the query ran: onClose saw no nick
                            online.logout(l.nick(), connection);
                        }
                        Single<String> ok = Single.fromCallable(() -> {
                            counters.login();
                            return Frames.okLogin(l.ref(), c.id(), l.nick());
                        });
                        if (stateless) {
                            return ok;
                        }
                        return store.touchLogin(c.id())
                                .doOnError(e -> {
                                    // not logged in after all
                                    online.logout(l.nick(), connection);
                                    nick = null;
                                    personId = 0;
                                })
                                .andThen(ok);
                    });
        }

        private Single<String> update(Request.Update u) {
            u.validate();
            String hash = u.password() == null ? null : Passwords.sha256Hex(u.password());
            return store.updatePerson(u.first(), u.last(), hash, personId).toSingleDefault(Frames.ok(u.ref()));
        }

        private Single<String> send(Request.Send s) {
            String sender = nick;
            Outgoing out = s.outgoing(sender);
            if (out.kind() == Kind.UNICAST && !online.isOnline(out.target())) {
                // nothing is written: PERSON_EXISTS only tells which error it is
                return store.personExists(out.target()).map(exists -> {
                    throw exists
                            ? new ChatException(ErrorCode.RECIPIENT_OFFLINE, out.target() + " is offline")
                            : new ChatException(ErrorCode.UNKNOWN_RECIPIENT, "no such user: " + out.target());
                });
            }
            return store.insertMessage(personId, out.content(), out.kind().wire(), out.edit().wire(), out.targets())
                    .map(row -> {
                        Set<String> recipients = Recipients.of(out.kind(), out.targets(), sender, online.nicks());
                        String frame = Frames.msg(null, row.id(), sender, out.kind().wire(), out.edit().wire(),
                                out.content(), 0, Frames.nowMicros());
                        int n = Deliveries.deliver(online, recipients, frame, counters);
                        counters.send();
                        return Frames.ack(s.ref(), row.id(), n);
                    });
        }

        private Single<String> edit(Request.Edit e) {
            e.validate();
            String editor = nick;
            return store.edit(e.append(), e.text(), personId, e.id())
                    .map(row -> {
                        Kind kind = Kind.parse(row.kind());
                        Set<String> recipients = Recipients.ofEdit(kind, row.targets(), row.author(), editor,
                                online.nicks());
                        String frame = Frames.edited(row.id(), editor, row.content(), row.version(),
                                Frames.nowMicros());
                        int n = Deliveries.deliver(online, recipients, frame, counters);
                        counters.edit();
                        return Frames.ackEdit(e.ref(), row.id(), row.version(), n);
                    })
                    .switchIfEmpty(Single.defer(() -> store.editProbe(e.id()).isEmpty().map(missing -> {
                        throw missing
                                ? new ChatException(ErrorCode.NOT_FOUND, "no message " + e.id())
                                : new ChatException(ErrorCode.EDIT_FORBIDDEN, "message " + e.id()
                                        + " cannot be edited by " + editor);
                    })));
        }

        private Single<String> pal(Request.Pal p) {
            p.validate();
            Single<String> content;
            if (p.msgId() != null) {
                content = store.messageContent(p.msgId())
                        .switchIfEmpty(Single.error(() -> new ChatException(ErrorCode.NOT_FOUND,
                                "no message " + p.msgId())));
            } else if (p.lineId() != null) {
                content = store.cpuLine(p.lineId())
                        .switchIfEmpty(Single.error(() -> new ChatException(ErrorCode.NOT_FOUND,
                                "no line " + p.lineId())));
            } else {
                content = Single.just(p.text());
            }
            return content
                    .observeOn(cpu)
                    .map(text -> Palindromes.count(text, p.k()))
                    .observeOn(loop)
                    .map(count -> {
                        counters.palTask(count);
                        return Frames.result(p.ref(), count);
                    });
        }

        private Single<String> history(Request.History h) {
            String ref = h.ref();
            return store.history(h.afterId(), personId, nick, h.limit())
                    .doOnNext(row -> connection.send(Frames.msg(ref, row.id(), row.from(), row.kind(), row.edit(),
                            row.content(), row.version(), Frames.micros(row.createdAt()))))
                    .count()
                    .map(count -> Frames.end(ref, Math.toIntExact(count)));
        }

        private Single<String> quit() {
            closed = true; // frames after the quit are not processed
            String me = nick;
            if (me != null) {
                online.logout(me, connection); // a broadcast from now on does not count this user
            }
            // Close as a task of its own on the event loop, queued behind the write of the replies enqueued so far
            // (Connection#close drops what is still queued, and this chain runs on that event loop, where an
            // immediate close would drop the replies to the requests pipelined before the quit).
            connection.closeAfterPending(Connection.NORMAL, "bye");
            return Single.just(NO_REPLY);
        }

        private String failure(String frame, Throwable e) {
            return failureFor(Requests.ref(frame), e);
        }

        private String failureFor(String ref, Throwable e) {
            if (e instanceof ChatException c) {
                return error(ref, c);
            }
            ChatLog.error("unexpected failure of a request on " + connection + "; closing it", e);
            connection.close(Connection.INTERNAL_ERROR, INTERNAL_DETAIL);
            return NO_REPLY;
        }

        private String error(String ref, ChatException e) {
            counters.error();
            return Frames.err(ref, e);
        }

        // A frame leaves the backlog (as the threads engine's mailbox.take()): resume a paused socket at the low mark.
        private void taken() {
            if (backlog.decrementAndGet() == INBOUND_LOW) {
                connection.execute(this::resumeIfDrained);
            }
        }

        // On the event loop, as pause() is: the two never race.
        private void resumeIfDrained() {
            if (paused && backlog.get() <= INBOUND_LOW && !closed) {
                paused = false;
                connection.resume();
            }
        }

        @Override
        public String toString() {
            return "Session(" + connection + ", " + nick + ", disposed=" + subscription.isDisposed() + ")";
        }
    }
}
