package io.paradigmlab.tweebyte.lab.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.testkit.DataGeneratorContract;
import io.paradigmlab.tweebyte.domain.text.TextParsing;
import io.paradigmlab.tweebyte.lab.TweebyteApplication;
import java.io.IOException;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Tweebyte's generator under the lab's data-generator contract, and what is Tweebyte's own, at {@code quick}. */

class TweebyteDataGeneratorTest extends DataGeneratorContract {

    @Override
    protected Application application() {
        return new TweebyteApplication();
    }

    /**
     * {@code quick}: 2,000 users, about 10,000 tweets and 44,000 follows as the scale says, a 200-tag vocabulary; the
     * rest is drawn per user and tweet (log-normal counts, {@code Model}), so its bounds are a quarter either side of
     * what seed 7 draws: wide for any seed, narrow enough to catch a table left empty or filled twice. The migration
     * seeds the one cleanup cursor; media jobs and deletions are written only by the services.
     */
    @Override
    protected Map<String, Size> sizes(DataGenerator.Scale smallest) {
        return Map.ofEntries(Map.entry("user.users", Size.exactly(2_000)),
                Map.entry("tweet.tweets", Size.between(9_000, 12_000)),
                Map.entry("tweet.hashtags", Size.exactly(200)),
                Map.entry("tweet.tweet_hashtags", quarterAround(4_514)),
                Map.entry("tweet.mentions", quarterAround(1_927)),
                Map.entry("tweet.media_jobs", Size.exactly(0)),
                Map.entry("tweet.tweet_deletions", Size.exactly(0)),
                Map.entry("interaction.follows", Size.between(40_000, 48_000)),
                Map.entry("interaction.likes", quarterAround(8_641)),
                Map.entry("interaction.replies", quarterAround(1_967)),
                Map.entry("interaction.retweets", quarterAround(808)),
                Map.entry("interaction.cleanup_cursor", Size.exactly(1)));
    }

    private static Size quarterAround(long rows) {
        return Size.between(rows * 3 / 4, rows * 5 / 4);
    }

    @Test
    void scalesAreSmallestFirstAndQuickIsSmall() {
        assertThat(application().data().scales()).extracting(DataGenerator.Scale::name).containsExactly("quick", "small", "seed");
        assertThat(application().data().scales()).extracting(DataGenerator.Scale::users).containsExactly(2_000, 50_000, 1_000_000);
        assertThat(progress()).anySatisfy(line -> assertThat(line).startsWith("follows ").contains("rows/s"));
    }

    @Test
    void theScenarioFilesHaveTheirHeadersAndAPlaceholderToken() throws IOException {
        assertThat(Files.list(dataDir()).map(p -> p.getFileName().toString()).sorted().toList())
                .containsExactlyElementsOf(java.util.stream.Stream.concat(csvNames().stream(),
                        java.util.stream.Stream.of(MediaBodies.FILTER_BODY)).sorted().toList());
        // the cpu scenario's body: one multipart part "file" holding seed 001's 256 x 256 PNG, between boundaries
        byte[] body = Files.readAllBytes(dataDir().resolve(MediaBodies.FILTER_BODY));
        String text = new String(body, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(text).startsWith("--" + MediaBodies.BOUNDARY + "\r\nContent-Disposition: form-data; name=\"file\"")
                .endsWith("\r\n--" + MediaBodies.BOUNDARY + "--\r\n").contains("\r\n\r\n\u0089PNG");
        assertThat(body).isEqualTo(MediaBodies.filterBody());
        assertThat(header("users.csv")).isEqualTo("user_id,user_name,token");
        assertThat(header("follow-pairs.csv")).isEqualTo("follower_id,followed_id,token");
        assertThat(header("tweet-edits.csv")).isEqualTo("user_id,tweet_id,token");
        assertThat(header("heavy-tweeters.csv")).isEqualTo("user_id,tweet_count,token");
        assertThat(header("feed-readers.csv")).isEqualTo("user_id,following,token");
        assertThat(header("cache-keys.csv")).isEqualTo("user_id,hot,token");
        for (String file : csvNames()) {
            assertThat(rows(file)).as(file).isNotEmpty().allSatisfy(row -> {
                assertThat(row).hasSize(3);
                assertThat(row[2]).isEqualTo("-");
            });
        }
    }

    @Test
    void usersAreUniqueAndTheSampleNamesThem() throws SQLException, IOException {
        Map<String, String> names = map(database("user"), "SELECT id::text, user_name FROM users");
        assertThat(names).hasSize(smallest().users());
        assertThat(names.values().stream().map(String::toLowerCase).distinct().count()).isEqualTo(smallest().users());
        assertThat(names.values()).allSatisfy(n -> assertThat(n).matches("[a-z0-9_]{3,50}"));
        long privates = count(database("user"), "SELECT count(*) FROM users WHERE is_private");
        assertThat(privates).isBetween(smallest().users() / 20L, smallest().users() / 6L);
        assertThat(count(database("user"), "SELECT count(DISTINCT date_trunc('month', created_at)) FROM users"))
                .isGreaterThanOrEqualTo(9);
        List<String[]> sample = rows("users.csv");
        assertThat(sample).hasSize(Math.min(10_000, smallest().users()));
        assertThat(sample).allSatisfy(row -> assertThat(names.get(row[0])).isEqualTo(row[1]));
        assertThat(sample.stream().map(r -> r[0]).distinct().count()).isEqualTo(sample.size());
    }

    @Test
    void followPairsAreNewDistinctAndFollowPublicUsers() throws SQLException, IOException {
        Set<String> follows = set(database("interaction"), "SELECT follower_id || ',' || followed_id FROM follows");
        Set<String> publicUsers = set(database("user"), "SELECT id::text FROM users WHERE NOT is_private");
        List<String[]> pairs = rows("follow-pairs.csv");
        assertThat(pairs).hasSize(Math.max(200_000, 20 * smallest().users()));
        Set<String> distinct = new HashSet<>();
        for (String[] pair : pairs) {
            String key = pair[0] + "," + pair[1];
            // plain set look-ups: AssertJ's contains on a collection scans it
            assertThat(follows.contains(key)).as("pair %s is not followed yet", key).isFalse();
            assertThat(distinct.add(key)).as("pair %s once", key).isTrue();
            assertThat(pair[0]).isNotEqualTo(pair[1]);
            assertThat(publicUsers.contains(pair[1])).as("%s is public", pair[1]).isTrue();
        }
        // shuffled: consecutive rows rarely share the follower
        long sameFollower = 0;
        for (int i = 1; i < pairs.size(); i++) {
            sameFollower += pairs.get(i)[0].equals(pairs.get(i - 1)[0]) ? 1 : 0;
        }
        assertThat(sameFollower).isLessThan(pairs.size() / 50);
    }

    @Test
    void followsAreHeavyTailedAndPendingOnlyForPrivateAccounts() throws SQLException {
        String db = database("interaction");
        assertThat(count(db, "SELECT count(*) FROM follows WHERE follower_id = followed_id")).isZero();
        assertThat(set(db, "SELECT DISTINCT status FROM follows")).containsExactlyInAnyOrder("ACCEPTED", "PENDING");
        Set<String> privateUsers = set(database("user"), "SELECT id::text FROM users WHERE is_private");
        assertThat(set(db, "SELECT DISTINCT followed_id::text FROM follows WHERE status = 'PENDING'"))
                .isSubsetOf(privateUsers);
        assertThat(count(db, "SELECT count(*) FROM follows WHERE status = 'PENDING'") * 10)
                .isLessThan(count(db, "SELECT count(*) FROM follows"));
        long medianOut = count(db, "SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM"
                + " (SELECT count(*) AS n FROM follows GROUP BY follower_id) d");
        assertThat(medianOut).isBetween(10L, 40L);
        long maxOut = count(db, "SELECT max(n) FROM (SELECT count(*) AS n FROM follows GROUP BY follower_id) d");
        assertThat(maxOut).isGreaterThanOrEqualTo(100);
        long medianIn = count(db, "SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY n) FROM"
                + " (SELECT count(*) AS n FROM follows GROUP BY followed_id) d");
        long maxIn = count(db, "SELECT max(n) FROM (SELECT count(*) AS n FROM follows GROUP BY followed_id) d");
        assertThat(maxIn).as("who is followed follows a power law").isGreaterThan(20 * Math.max(1, medianIn));
    }

    @Test
    void heavyTweetersHaveAThousandTweets() throws SQLException, IOException {
        List<String[]> heavy = rows("heavy-tweeters.csv");
        assertThat(heavy).hasSizeGreaterThanOrEqualTo(5);
        Map<String, String> perUser = map(database("tweet"), "SELECT user_id::text, count(*)::text FROM tweets GROUP BY 1");
        for (String[] row : heavy) {
            assertThat(row[1]).isEqualTo("1000");
            assertThat(perUser.get(row[0])).isEqualTo("1000");
        }
    }

    @Test
    void feedReadersFollowAHundredUsersWithTweets() throws SQLException, IOException {
        List<String[]> readers = rows("feed-readers.csv");
        assertThat(readers).hasSizeGreaterThanOrEqualTo(20);
        Set<String> tweeters = set(database("tweet"), "SELECT DISTINCT user_id::text FROM tweets");
        for (String[] row : readers) {
            assertThat(row[1]).isEqualTo("100");
            Set<String> followed = set(database("interaction"), "SELECT followed_id::text FROM follows WHERE"
                    + " status = 'ACCEPTED' AND follower_id = '" + row[0] + "'");
            assertThat(followed).hasSize(100);
            assertThat(tweeters).containsAll(followed);
        }
    }

    @Test
    void cacheKeysAreDrawnNinetyTenFromAHotTenthOfUsersWhoFollowSomeone() throws SQLException, IOException {
        List<String[]> draws = rows("cache-keys.csv");
        assertThat(draws).hasSize(200_000);
        Set<String> followers = set(database("interaction"), "SELECT DISTINCT follower_id::text FROM follows");
        Map<String, Set<String>> keys = new java.util.HashMap<>();
        for (String[] row : draws) {
            keys.computeIfAbsent(row[1], k -> new java.util.HashSet<>()).add(row[0]);
        }
        // quick: 2,000 users, every one follows someone: 2,000 keys, 200 of them hot
        assertThat(keys.get("1")).hasSize(200);
        assertThat(keys.get("0")).hasSizeBetween(1_700, 1_800);
        assertThat(keys.get("1")).doesNotContainAnyElementsOf(keys.get("0"));
        assertThat(followers).containsAll(keys.get("1")).containsAll(keys.get("0"));
        long hot = draws.stream().filter(row -> row[1].equals("1")).count();
        // 90 % of 200,000 draws; the binomial's standard deviation is 134 draws
        assertThat(hot).isBetween(179_400L, 180_600L);
    }

    @Test
    void tweetEditsNameDistinctUsersAndTheirOwnTweets() throws SQLException, IOException {
        Map<String, String> owners = map(database("tweet"), "SELECT id::text, user_id::text FROM tweets");
        List<String[]> edits = rows("tweet-edits.csv");
        assertThat(edits).hasSizeGreaterThan(smallest().users() / 2);
        assertThat(edits.stream().map(r -> r[0]).distinct().count()).isEqualTo(edits.size());
        assertThat(edits).allSatisfy(row -> assertThat(owners.get(row[1])).isEqualTo(row[0]));
    }

    @Test
    void hashtagsAndMentionsAreWhatTheTweetServiceWouldHaveStored() throws SQLException {
        String db = database("tweet");
        assertThat(count(db, "SELECT count(*) FROM tweet_hashtags th WHERE NOT EXISTS"
                + " (SELECT 1 FROM tweets t WHERE t.id = th.tweet_id)")).isZero();
        assertThat(count(db, "SELECT count(*) FROM mentions m WHERE NOT EXISTS"
                + " (SELECT 1 FROM tweets t WHERE t.id = m.tweet_id)")).isZero();
        assertThat(count(db, "SELECT count(*) FROM hashtags WHERE text <> lower(text)")).isZero();
        assertThat(count(db, "SELECT count(*) FROM tweets WHERE length(content) NOT BETWEEN 10 AND 280")).isZero();
        assertThat(count(db, "SELECT count(*) FROM tweet_hashtags")).isPositive();
        assertThat(count(db, "SELECT count(*) FROM mentions")).isPositive();

        Map<String, String> users = map(database("user"), "SELECT id::text, user_name FROM users");
        Map<String, List<String>> tags = grouped(db, "SELECT th.tweet_id::text, h.text FROM tweet_hashtags th"
                + " JOIN hashtags h ON h.id = th.hashtag_id ORDER BY th.tweet_id, th.position");
        Map<String, List<String>> mentions = grouped(db, "SELECT tweet_id::text, user_id::text || ' ' || text"
                + " FROM mentions ORDER BY tweet_id, position");
        Map<String, String> contents = map(db, "SELECT id::text, content FROM tweets");
        contents.forEach((id, content) -> {
            assertThat(tags.getOrDefault(id, List.of())).as(content).isEqualTo(TextParsing.hashtags(content));
            List<String> mentioned = mentions.getOrDefault(id, List.of());
            assertThat(mentioned.stream().map(m -> m.substring(m.indexOf(' ') + 1)).toList()).as(content)
                    .isEqualTo(TextParsing.mentions(content));
            assertThat(mentioned).allSatisfy(m -> assertThat(users.get(m.substring(0, m.indexOf(' '))))
                    .isEqualTo(m.substring(m.indexOf(' ') + 1)));
        });
        // positions start at 1 and have no gaps
        assertThat(count(db, "SELECT count(*) FROM (SELECT tweet_id FROM tweet_hashtags GROUP BY tweet_id"
                + " HAVING min(position) <> 1 OR max(position) <> count(*)) g")).isZero();
    }

    @Test
    void likesRepliesAndRetweetsReferToExistingTweetsAndReplies() throws SQLException {
        Set<String> tweets = set(database("tweet"), "SELECT id::text FROM tweets");
        String db = database("interaction");
        assertThat(tweets).containsAll(set(db, "SELECT tweet_id::text FROM replies"));
        assertThat(tweets).containsAll(set(db, "SELECT original_tweet_id::text FROM retweets"));
        assertThat(tweets).containsAll(set(db, "SELECT likeable_id::text FROM likes WHERE likeable_type = 'TWEET'"));
        assertThat(count(db, "SELECT count(*) FROM likes l WHERE likeable_type = 'REPLY'"
                + " AND NOT EXISTS (SELECT 1 FROM replies r WHERE r.id = l.likeable_id)")).isZero();
        assertThat(count(db, "SELECT count(*) FROM likes WHERE likeable_type = 'REPLY'")).isPositive();
        assertThat(count(db, "SELECT count(*) FROM retweets WHERE content IS NULL")).isPositive();
        assertThat(count(db, "SELECT count(*) FROM retweets WHERE content IS NOT NULL")).isPositive();
        Set<String> users = set(database("user"), "SELECT id::text FROM users");
        assertThat(users).containsAll(set(db, "SELECT user_id::text FROM likes UNION SELECT user_id::text FROM replies"
                + " UNION SELECT user_id::text FROM retweets UNION SELECT followed_id::text FROM follows"));
    }

    // ---- helpers


    private List<String> csvNames() {
        return List.of("users.csv", "follow-pairs.csv", "tweet-edits.csv", "heavy-tweeters.csv", "feed-readers.csv",
                "cache-keys.csv");
    }

    private String header(String file) throws IOException {
        return Files.readAllLines(dataDir().resolve(file)).getFirst();
    }

    private List<String[]> rows(String file) throws IOException {
        List<String> lines = Files.readAllLines(dataDir().resolve(file));
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }



    private long count(String db, String sql) throws SQLException {
        try (Connection c = connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private Set<String> set(String db, String sql) throws SQLException {
        Set<String> values = new HashSet<>();
        try (Connection c = connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private Map<String, String> map(String db, String sql) throws SQLException {
        Map<String, String> values = new HashMap<>();
        try (Connection c = connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.put(rs.getString(1), rs.getString(2));
            }
        }
        return values;
    }

    private Map<String, List<String>> grouped(String db, String sql) throws SQLException {
        Map<String, List<String>> values = new HashMap<>();
        try (Connection c = connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
            }
        }
        return values;
    }

    private Connection connect(String db) throws SQLException {
        return DriverManager.getConnection(postgres().jdbcUrl(db), postgres().user(), postgres().password());
    }
}
