package io.paradigmlab.tweebyte.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.FollowStatus;
import io.paradigmlab.tweebyte.domain.interaction.LikeableType;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.paging.Paging;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.schema.Migrations;
import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The shared SQL against a real PostgreSQL, through the blocking stores: array binding, the race-free upserts,
 * ordering, and the index plans of hot paths. The R2DBC stores run the same strings.
 */
class JdbcStoresTest {

    private static EmbeddedPostgres postgres;
    private static JdbcTweetStore tweets;
    private static JdbcInteractionStore interactions;
    private static JdbcClient tweetJdbc;
    private static JdbcClient interactionJdbc;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        for (ServiceDatabase db : List.of(ServiceDatabase.TWEET, ServiceDatabase.INTERACTION)) {
            try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
                s.execute("CREATE DATABASE " + db.defaultName());
            }
            Migrations.migrate(db, postgres.getJdbcUrl("postgres", db.defaultName()), "postgres", "postgres");
        }
        DataSource tweetDs = postgres.getDatabase("postgres", ServiceDatabase.TWEET.defaultName());
        DataSource interactionDs = postgres.getDatabase("postgres", ServiceDatabase.INTERACTION.defaultName());
        tweetJdbc = JdbcClient.create(tweetDs);
        interactionJdbc = JdbcClient.create(interactionDs);
        tweets = new JdbcTweetStore(tweetJdbc);
        interactions = new JdbcInteractionStore(interactionJdbc);
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    @Test
    void storesATweetWithHashtagsAndMentionsInOrderAndPagesNewestFirst() {
        UUID author = UUID.randomUUID();
        UUID first = UUID.randomUUID();
        tweets.insertTweet(first, author, "first #Zeta and #alpha");
        List<Hashtag> tags = tweets.upsertHashtags(new UUID[] {UUID.randomUUID(), UUID.randomUUID()},
                new String[] {"zeta", "alpha"});
        assertThat(tags).extracting(Hashtag::text).containsExactlyInAnyOrder("zeta", "alpha");
        Hashtag zeta = tags.stream().filter(h -> h.text().equals("zeta")).findFirst().orElseThrow();
        Hashtag alpha = tags.stream().filter(h -> h.text().equals("alpha")).findFirst().orElseThrow();
        tweets.insertTweetHashtags(first, new UUID[] {zeta.id(), alpha.id()});
        UUID mentioned = UUID.randomUUID();
        tweets.insertMentions(first, List.of(new Mention(UUID.randomUUID(), mentioned, "Bob")));
        UUID second = UUID.randomUUID();
        tweets.insertTweet(second, author, "second tweet");

        assertThat(tweets.hashtagsOf(new UUID[] {first, second})).extracting(r -> r.hashtag().text())
                .containsExactly("zeta", "alpha");
        assertThat(tweets.mentionsOf(new UUID[] {first})).extracting(r -> r.mention().userId()).containsExactly(mentioned);
        List<TweetSummary> all = tweets.byUser(author, Paging.ALL);
        assertThat(all).hasSize(2);
        assertThat(tweets.byUser(author, Paging.parse("1", "1"))).containsExactly(all.get(1));
        assertThat(tweets.byUsers(new UUID[] {author, UUID.randomUUID()}, Paging.ALL)).isEqualTo(all);
        assertThat(tweets.searchContent("%ZETA%", 100)).extracting(TweetSummary::id).containsExactly(first);
        assertThat(tweets.searchHashtag("alpha", 100)).extracting(TweetSummary::id).containsExactly(first);

        // the same text again returns the stored row, not a second one
        List<Hashtag> again = tweets.upsertHashtags(new UUID[] {UUID.randomUUID()}, new String[] {"zeta"});
        assertThat(again).containsExactly(zeta);
    }

    @Test
    void concurrentHashtagUpsertsOfOneNewTextLeaveOneRow() throws Exception {
        String text = "race" + UUID.randomUUID().toString().substring(0, 8);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<List<Hashtag>>> calls = IntStream.range(0, 8).<Callable<List<Hashtag>>>mapToObj(i ->
                    () -> tweets.upsertHashtags(new UUID[] {UUID.randomUUID()}, new String[] {text})).toList();
            List<UUID> ids = pool.invokeAll(calls).stream().map(JdbcStoresTest::get).map(l -> l.getFirst().id())
                    .distinct().toList();
            assertThat(ids).hasSize(1);
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void deletingATweetLeavesATombstoneAndCascades() {
        UUID tweet = UUID.randomUUID();
        tweets.insertTweet(tweet, UUID.randomUUID(), "to be deleted soon");
        tweets.insertMentions(tweet, List.of(new Mention(UUID.randomUUID(), UUID.randomUUID(), "Carol")));
        long before = tweets.deletionsAfter(0, 1000).size();
        assertThat(tweets.ownerForUpdate(tweet)).isPresent();
        tweets.deleteTweet(tweet);
        tweets.insertDeletion(tweet);
        assertThat(tweets.summaryById(tweet)).isEmpty();
        assertThat(tweets.mentionsOf(new UUID[] {tweet})).isEmpty();
        assertThat(tweets.deletionsAfter(0, 1000)).hasSize((int) before + 1).last()
                .satisfies(d -> assertThat(d.tweetId()).isEqualTo(tweet));
    }

    @Test
    void followsAreUniquePerPairAndARejectedOneMayBeAskedAgain() {
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        Optional<UUID> follow = interactions.upsertFollow(UUID.randomUUID(), a, b, FollowStatus.PENDING);
        assertThat(follow).isPresent();
        assertThat(interactions.upsertFollow(UUID.randomUUID(), a, b, FollowStatus.PENDING)).isEmpty();
        assertThat(interactions.requests(b)).hasSize(1);
        assertThat(interactions.answerFollow(follow.get(), a, FollowStatus.REJECTED)).as("only the followed answers").isEmpty();
        assertThat(interactions.answerFollow(follow.get(), b, FollowStatus.REJECTED)).contains(a);
        assertThat(interactions.answerFollow(follow.get(), b, FollowStatus.ACCEPTED)).isEmpty();
        assertThat(interactions.followRequestStatus(follow.get(), b)).contains("REJECTED");
        assertThat(interactions.upsertFollow(UUID.randomUUID(), a, b, FollowStatus.ACCEPTED)).isPresent();
        assertThat(interactions.followingIds(a)).containsExactly(b);
        assertThat(interactions.followersCount(b)).isEqualTo(1);
        assertThat(interactions.deleteFollow(a, b)).isTrue();
        assertThat(interactions.deleteFollow(a, b)).isFalse();
    }

    @Test
    void recommendsFriendsOfFriendsNotYetFollowed() {
        UUID me = UUID.randomUUID();
        UUID friend1 = UUID.randomUUID();
        UUID friend2 = UUID.randomUUID();
        UUID popular = UUID.randomUUID();
        UUID lessPopular = UUID.randomUUID();
        follow(me, friend1);
        follow(me, friend2);
        follow(friend1, popular);
        follow(friend2, popular);
        follow(friend1, lessPopular);
        follow(friend1, me);
        follow(friend2, friend1);
        assertThat(interactions.recommendedUsers(me, 10)).containsExactly(popular, lessPopular);
    }

    @Test
    void likesAreUniqueAndEnrichmentCountsAPageInOneStatement() {
        UUID tweet = UUID.randomUUID();
        UUID other = UUID.randomUUID();
        UUID user = UUID.randomUUID();
        Optional<Created> like = interactions.insertLike(UUID.randomUUID(), user, tweet, LikeableType.TWEET);
        assertThat(like).isPresent();
        assertThat(interactions.insertLike(UUID.randomUUID(), user, tweet, LikeableType.TWEET)).isEmpty();
        UUID reply1 = UUID.randomUUID();
        UUID reply2 = UUID.randomUUID();
        interactions.insertReply(reply1, user, tweet, "a reply");
        interactions.insertReply(reply2, UUID.randomUUID(), tweet, "a liked reply");
        interactions.insertLike(UUID.randomUUID(), user, reply2, LikeableType.REPLY);
        interactions.insertRetweet(UUID.randomUUID(), user, tweet, null);

        assertThat(interactions.tweetCounts(new UUID[] {tweet, other})).extracting(c -> List.of(c.tweetId(),
                c.likesCount(), c.repliesCount(), c.retweetsCount()))
                .containsExactly(List.of(tweet, 1L, 2L, 1L), List.of(other, 0L, 0L, 0L));
        assertThat(interactions.topReplies(new UUID[] {tweet, other})).extracting(Reply::id, Reply::likesCount)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(reply2, 1L));
        assertThat(interactions.topReply(tweet)).map(Reply::id).contains(reply2);
        assertThat(interactions.repliesOfTweet(tweet)).extracting(Reply::id).containsExactly(reply2, reply1);

        // the cleanup of a deleted tweet removes everything that hangs on it, and is idempotent
        UUID[] gone = {tweet};
        assertThat(interactions.deleteLikesOfRepliesOfTweets(gone)).isEqualTo(1);
        assertThat(interactions.deleteLikesOfTweets(gone)).isEqualTo(1);
        assertThat(interactions.deleteRepliesOfTweets(gone)).isEqualTo(2);
        assertThat(interactions.deleteRetweetsOfTweets(gone)).isEqualTo(1);
        assertThat(interactions.deleteRepliesOfTweets(gone)).isZero();
        interactions.advanceCleanupCursor(7);
        interactions.advanceCleanupCursor(3);
        assertThat(interactions.cleanupCursor()).isEqualTo(7);
    }

    @Test
    void hotLookupsUseIndexes() {
        // enough rows that the planner prefers an index where one fits
        tweetJdbc.sql("INSERT INTO tweets (id, user_id, content) SELECT gen_random_uuid(), gen_random_uuid(),"
                + " 'generated tweet ' || g FROM generate_series(1, 20000) g").update();
        tweetJdbc.sql("ANALYZE").update();
        interactionJdbc.sql("INSERT INTO follows (id, follower_id, followed_id, status) SELECT gen_random_uuid(),"
                + " gen_random_uuid(), gen_random_uuid(), 'ACCEPTED' FROM generate_series(1, 20000)").update();
        interactionJdbc.sql("INSERT INTO likes (id, user_id, likeable_id, likeable_type) SELECT gen_random_uuid(),"
                + " gen_random_uuid(), gen_random_uuid(), 'TWEET' FROM generate_series(1, 20000)").update();
        interactionJdbc.sql("ANALYZE").update();
        String uuid = "'" + UUID.randomUUID() + "'";
        assertThat(plan(tweetJdbc, "SELECT id FROM tweets WHERE user_id = " + uuid + " ORDER BY created_at DESC, id DESC"))
                .doesNotContain("Seq Scan");
        assertThat(plan(tweetJdbc, "SELECT id FROM tweets WHERE content ILIKE '%generated tweet 1234%'"))
                .doesNotContain("Seq Scan on tweets");
        assertThat(plan(interactionJdbc, "SELECT followed_id FROM follows WHERE follower_id = " + uuid
                + " AND status = 'ACCEPTED'")).doesNotContain("Seq Scan");
        assertThat(plan(interactionJdbc, "SELECT count(*) FROM follows WHERE followed_id = " + uuid
                + " AND status = 'ACCEPTED'")).doesNotContain("Seq Scan");
        assertThat(plan(interactionJdbc, "SELECT count(*) FROM likes WHERE likeable_type = 'TWEET' AND likeable_id = "
                + uuid)).doesNotContain("Seq Scan");
    }

    private static String plan(JdbcClient jdbc, String sql) {
        return String.join("\n", jdbc.sql("EXPLAIN " + sql).query((rs, n) -> rs.getString(1)).list());
    }

    private static void follow(UUID follower, UUID followed) {
        assertThat(interactions.upsertFollow(UUID.randomUUID(), follower, followed, FollowStatus.ACCEPTED)).isPresent();
    }

    private static <T> T get(Future<T> f) {
        try {
            return f.get();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
