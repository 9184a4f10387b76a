package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.lab.api.PostgresEndpoint;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Every write a service acknowledged with a 2xx, from the client's side: a tweet (its id from the answer), a follow
 * (the pair: the answer is a bare 204) and a like (its id from the answer). After a fault the test looks each one
 * up; an acknowledged write that is not there was lost. A write that failed (5xx, no answer) is not in the ledger:
 * the client was told it did not happen (or could not know), and may retry.
 */
final class Ledger {

    record TweetWrite(UUID id, UUID author) {
    }

    record FollowWrite(UUID follower, UUID followed) {
    }

    record LikeWrite(UUID id, UUID user, UUID tweet) {
    }

    final ConcurrentLinkedQueue<TweetWrite> tweets = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<FollowWrite> follows = new ConcurrentLinkedQueue<>();
    final ConcurrentLinkedQueue<LikeWrite> likes = new ConcurrentLinkedQueue<>();

    int size() {
        return tweets.size() + follows.size() + likes.size();
    }

    /**
     * Looks every acknowledged write up in the services' own databases (JDBC on the infrastructure's PostgreSQL),
     * straight, with no service in between: what is committed.
     */
    List<Object> missingInDatabase(PostgresEndpoint pg, String tweetDatabase, String interactionDatabase) {
        List<Object> missing = new ArrayList<>();
        try (Connection tweetDb = DriverManager.getConnection(pg.jdbcUrl(tweetDatabase), pg.user(), pg.password());
             Connection interactionDb = DriverManager.getConnection(pg.jdbcUrl(interactionDatabase), pg.user(),
                     pg.password())) {
            Set<UUID> tweetIds = ids(tweetDb, "SELECT id FROM tweets WHERE id = ANY(?)",
                    tweets.stream().map(TweetWrite::id).toList());
            tweets.stream().filter(t -> !tweetIds.contains(t.id())).forEach(missing::add);
            Set<UUID> likeIds = ids(interactionDb, "SELECT id FROM likes WHERE id = ANY(?)",
                    likes.stream().map(LikeWrite::id).toList());
            likes.stream().filter(l -> !likeIds.contains(l.id())).forEach(missing::add);
            Set<FollowWrite> pairs = new HashSet<>();
            try (PreparedStatement s = interactionDb.prepareStatement("SELECT follower_id, followed_id FROM follows");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    pairs.add(new FollowWrite(rs.getObject(1, UUID.class), rs.getObject(2, UUID.class)));
                }
            }
            follows.stream().filter(f -> !pairs.contains(f)).forEach(missing::add);
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot read the ledger's writes back from " + pg.host() + ":" + pg.port(), e);
        }
        return missing;
    }

    private static Set<UUID> ids(Connection c, String sql, List<UUID> wanted) throws SQLException {
        Set<UUID> found = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            Array array = c.createArrayOf("uuid", wanted.toArray());
            s.setArray(1, array);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    found.add(rs.getObject(1, UUID.class));
                }
            }
        }
        return found;
    }
}
