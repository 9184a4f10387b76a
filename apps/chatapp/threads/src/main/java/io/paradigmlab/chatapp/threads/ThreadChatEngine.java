package io.paradigmlab.chatapp.threads;

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
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread per connection (spec 4.2, {@code platform} and {@code virtual}: the same code, only the
 * {@link ThreadFactory} differs). Each session gets one thread from the factory; the event loop puts its frames in a
 * mailbox, and the thread takes them one after the other and handles each with blocking calls: parse, check, SQL
 * through {@link JdbcChatStore}, recipients over {@link OnlineUsers}, enqueue the deliveries, reply. CPU work (the
 * palindrome count) runs on the same thread. Nothing is shared between sessions but the registry, the counters and
 * the pool.
 *
 * <p>Backpressure: when {@value #HIGH_WATER} frames wait in a mailbox the socket is paused (TCP pushes back on the
 * client); it is resumed once the thread has taken the mailbox down to {@value #LOW_WATER}.
 *
 * <p>Close: the nick is logged out at once (on the event loop), frames not yet taken are dropped, the thread ends
 * after the frame it is handling (if any). {@code quit} closes with 1000 and ends the thread. A failed SQL call
 * closes the session with 1011.
 */
public final class ThreadChatEngine implements ChatEngine {

    /** Mailbox size at which the socket is paused. Changes how far a client can run ahead of its thread. */
    public static final int HIGH_WATER = 64;
    /** Mailbox size at which a paused socket is resumed. */
    public static final int LOW_WATER = 16;

    private static final Logger LOG = System.getLogger(ThreadChatEngine.class.getName());
    private static final String CLOSED = new String("closed"); // identity sentinel: wakes a waiting thread on close

    private final ThreadFactory threads;
    private final JdbcChatStore store;
    private final OnlineUsers online;
    private final ChatCounters counters;
    private final boolean stateless;

    /**
     * @param threads   where session threads come from (platform or virtual)
     * @param store     the database
     * @param online    the registry of logged-in sessions
     * @param counters  the server counters
     * @param stateless when true a login only reads ({@code chatapp.stateless}: no TOUCH_LOGIN)
     */
    public ThreadChatEngine(ThreadFactory threads, JdbcChatStore store, OnlineUsers online, ChatCounters counters,
            boolean stateless) {
        this.threads = threads;
        this.store = store;
        this.online = online;
        this.counters = counters;
        this.stateless = stateless;
    }

    @Override
    public ConnectionHandler open(Connection connection) {
        Session session = new Session(connection);
        Thread thread = threads.newThread(session);
        if (thread == null) {
            throw new IllegalStateException("the thread factory refused a session thread");
        }
        thread.start();
        return session;
    }

    private final class Session implements ConnectionHandler, Runnable {

        private final Connection connection;
        private final LinkedBlockingQueue<String> mailbox = new LinkedBlockingQueue<>();
        private final AtomicBoolean resumeScheduled = new AtomicBoolean();
        private volatile boolean paused; // written on the event loop only
        private volatile boolean closed;
        // the logged-in user: written by the session thread, read by onClose
        private volatile String nick;
        private long personId;
        private boolean quit;

        Session(Connection connection) {
            this.connection = connection;
        }

        // --- event loop side ---

        @Override
        public void onText(String frame) {
            mailbox.add(frame);
            if (!paused && mailbox.size() >= HIGH_WATER) {
                paused = true;
                connection.pause();
            }
        }

        @Override
        public void onClose() {
            closed = true;
            String who = nick;
            if (who != null) {
                online.logout(who, connection);
            }
            mailbox.add(CLOSED);
        }

        private void resumeIfDrained() {
            if (paused && mailbox.size() <= LOW_WATER && resumeScheduled.compareAndSet(false, true)) {
                connection.execute(() -> {
                    resumeScheduled.set(false);
                    if (paused && mailbox.size() <= LOW_WATER) {
                        paused = false;
                        connection.resume();
                    }
                });
            }
        }

        // --- session thread ---

        @Override
        public void run() {
            try {
                while (!quit) {
                    String frame = mailbox.take();
                    if (closed || frame == CLOSED) {
                        break;
                    }
                    resumeIfDrained();
                    handle(frame);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, connection + " failed; closing it", e);
                connection.close(Connection.INTERNAL_ERROR, "internal error");
            } finally {
                String who = nick;
                if (who != null) {
                    online.logout(who, connection);
                }
            }
        }

        private void handle(String frame) {
            Request request;
            try {
                request = Requests.parse(frame);
            } catch (ChatException e) {
                error(Requests.ref(frame), e);
                return;
            }
            try {
                switch (request) {
                    case Request.Register r -> register(r);
                    case Request.Login l -> login(l);
                    case Request.Update u -> update(u);
                    case Request.Send s -> send(s);
                    case Request.Edit e -> edit(e);
                    case Request.Pal p -> pal(p);
                    case Request.History h -> history(h);
                    case Request.Stats s -> reply(Frames.stats(s.ref(), counters.stats()));
                    case Request.Quit q -> {
                        quit = true;
                        // the replies to the requests before the quit are written first
                        connection.closeAfterPending(Connection.NORMAL, "bye");
                    }
                }
            } catch (ChatException e) {
                error(request.ref(), e);
            }
        }

        private void register(Request.Register r) {
            r.validate();
            OptionalLong id = store.register(r.nick(), r.first(), r.last(), Passwords.sha256Hex(r.password()));
            if (id.isEmpty()) {
                throw new ChatException(ErrorCode.NICK_TAKEN, "nick taken: " + r.nick());
            }
            reply(Frames.ok(r.ref()));
        }

        private void login(Request.Login l) {
            if (nick != null) {
                throw new ChatException(ErrorCode.ALREADY_AUTHENTICATED, "already logged in as " + nick);
            }
            l.validate();
            Optional<JdbcChatStore.Credentials> found = store.login(l.nick());
            if (found.isEmpty() || !Passwords.matches(l.password(), found.get().passwordHash())) {
                throw new ChatException(ErrorCode.BAD_CREDENTIALS, "unknown nick or wrong password");
            }
            if (!online.tryLogin(l.nick(), connection)) {
                throw new ChatException(ErrorCode.ALREADY_ONLINE, l.nick() + " is online elsewhere");
            }
            personId = found.get().id();
            nick = l.nick();
            if (closed) { // the socket closed while logging in: onClose may have missed the nick
                online.logout(nick, connection);
            }
            if (!stateless) {
                store.touchLogin(personId);
            }
            counters.login();
            reply(Frames.okLogin(l.ref(), personId, nick));
        }

        private void update(Request.Update u) {
            requireLogin();
            u.validate();
            store.updatePerson(u.first(), u.last(), u.password() == null ? null : Passwords.sha256Hex(u.password()),
                    personId);
            reply(Frames.ok(u.ref()));
        }

        private void send(Request.Send s) {
            requireLogin();
            Outgoing out = s.outgoing(nick);
            if (out.kind() == Kind.UNICAST && !online.isOnline(out.target())) {
                if (store.personExists(out.target())) {
                    throw new ChatException(ErrorCode.RECIPIENT_OFFLINE, out.target() + " is offline");
                }
                throw new ChatException(ErrorCode.UNKNOWN_RECIPIENT, "no user " + out.target());
            }
            JdbcChatStore.Inserted row = store.insertMessage(personId, out.content(), out.kind().wire(),
                    out.edit().wire(), out.targets());
            Set<String> recipients = Recipients.of(out.kind(), out.targets(), nick, online.nicks());
            String msg = Frames.msg(null, row.id(), nick, out.kind().wire(), out.edit().wire(), out.content(), 0,
                    Frames.nowMicros());
            int n = Deliveries.deliver(online, recipients, msg, counters);
            counters.send();
            reply(Frames.ack(s.ref(), row.id(), n));
        }

        private void edit(Request.Edit e) {
            requireLogin();
            e.validate();
            Optional<JdbcChatStore.Edited> edited = e.append()
                    ? store.editAppend(e.text(), personId, e.id())
                    : store.editReplace(e.text(), personId, e.id());
            if (edited.isEmpty()) {
                if (store.editProbe(e.id()).isEmpty()) {
                    throw new ChatException(ErrorCode.NOT_FOUND, "no message " + e.id());
                }
                throw new ChatException(ErrorCode.EDIT_FORBIDDEN, "message " + e.id() + " cannot be edited by " + nick);
            }
            JdbcChatStore.Edited m = edited.get();
            Set<String> recipients = Recipients.ofEdit(Kind.parse(m.kind()), m.targets(), m.author(), nick,
                    online.nicks());
            String frame = Frames.edited(m.id(), nick, m.content(), m.version(), Frames.nowMicros());
            int n = Deliveries.deliver(online, recipients, frame, counters);
            counters.edit();
            reply(Frames.ackEdit(e.ref(), m.id(), m.version(), n));
        }

        private void pal(Request.Pal p) {
            requireLogin();
            p.validate();
            String text;
            if (p.msgId() != null) {
                text = store.messageContent(p.msgId())
                        .orElseThrow(() -> new ChatException(ErrorCode.NOT_FOUND, "no message " + p.msgId()));
            } else if (p.lineId() != null) {
                text = store.cpuLine(p.lineId())
                        .orElseThrow(() -> new ChatException(ErrorCode.NOT_FOUND, "no line " + p.lineId()));
            } else {
                text = p.text();
            }
            int count = Palindromes.count(text, p.k());
            counters.palTask(count);
            reply(Frames.result(p.ref(), count));
        }

        private void history(Request.History h) {
            requireLogin();
            List<JdbcChatStore.HistoryRow> rows = store.history(h.afterId(), personId, nick, h.limit());
            for (JdbcChatStore.HistoryRow r : rows) {
                reply(Frames.msg(h.ref(), r.id(), r.from(), r.kind(), r.edit(), r.content(), r.version(),
                        Frames.micros(r.createdAt())));
            }
            reply(Frames.end(h.ref(), rows.size()));
        }

        private void requireLogin() {
            if (nick == null) {
                throw new ChatException(ErrorCode.NOT_AUTHENTICATED, "login first");
            }
        }

        private void reply(String frame) {
            connection.send(frame);
        }

        private void error(String ref, ChatException e) {
            counters.error();
            connection.send(Frames.err(ref, e));
        }
    }
}
