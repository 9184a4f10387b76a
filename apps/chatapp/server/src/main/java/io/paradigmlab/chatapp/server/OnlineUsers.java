package io.paradigmlab.chatapp.server;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Who is logged in, and on which session: a concurrent registry (spec W3: the original's plain {@code HashSet} raced).
 * A nick is online on at most one session at a time.
 */
public final class OnlineUsers {

    private final ConcurrentHashMap<String, Connection> byNick = new ConcurrentHashMap<>();

    /** Registers {@code nick} on {@code connection}; false when the nick is already online (ALREADY_ONLINE). */
    public boolean tryLogin(String nick, Connection connection) {
        return byNick.putIfAbsent(nick, connection) == null;
    }

    /** Removes {@code nick} if it is online on {@code connection} (a stale logout never removes a newer session). */
    public void logout(String nick, Connection connection) {
        byNick.remove(nick, connection);
    }

    /** The session of {@code nick}, or null when offline. */
    public Connection find(String nick) {
        return byNick.get(nick);
    }

    /** Whether {@code nick} is online now. */
    public boolean isOnline(String nick) {
        return byNick.containsKey(nick);
    }

    /** A copy of the online nicks now: the "online at delivery time" set recipients are computed from. */
    public Set<String> nicks() {
        return Set.copyOf(byNick.keySet());
    }

    /** How many users are online now. */
    public int size() {
        return byNick.size();
    }
}
