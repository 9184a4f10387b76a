package io.paradigmlab.tweebyte.lab.data;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.data.BulkLoad;
import io.paradigmlab.lab.api.data.CopyStream;
import io.paradigmlab.lab.api.data.Meter;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.security.crypto.bcrypt.BCrypt;

/**
 * Tweebyte's benchmark data (docs/data.md): users, follows with a power-law in-degree, tweets with hashtags and
 * mentions, likes, replies and retweets, plus the users the scenarios need (heavy tweeters with 1,000 tweets, feed
 * readers following 100 users with tweets, editors, follow candidates), and the scenario data files.
 *
 * <p>Deterministic: the same seed and scale give the same rows, byte for byte, ids included (every value comes from
 * seeded {@link SplittableRandom} streams, one per table, and the BCrypt salt from a seeded stream too). Loaded with
 * COPY, with indexes built once afterwards ({@link BulkLoad}); the three databases load in parallel.
 */
public final class TweebyteDataGenerator implements DataGenerator {

    /** Every generated account's password (one BCrypt hash, strength 10, computed once for all rows). */
    public static final String PASSWORD = "synthetic-password";

    public static final String USERS_CSV = "users.csv";
    public static final String FOLLOW_PAIRS_CSV = "follow-pairs.csv";
    public static final String TWEET_EDITS_CSV = "tweet-edits.csv";
    public static final String HEAVY_TWEETERS_CSV = "heavy-tweeters.csv";
    public static final String FEED_READERS_CSV = "feed-readers.csv";
    public static final String CACHE_KEYS_CSV = "cache-keys.csv";

    /** The cache workload's key space (seed 001, section 5.1: a 100,000-key subset), at most the users who follow. */
    static final int CACHE_KEYS = 100_000;
    /** Draws in the cache workload's key trace ({@value #CACHE_KEYS_CSV}). */
    static final int CACHE_DRAWS = 200_000;

    /** The token column's placeholder, replaced by a signed token per row when security is on. */
    static final String TOKEN_PLACEHOLDER = "-";
    static final int SAMPLE = 10_000;

    private static final List<Scale> SCALES = List.of(
            new Scale("quick", 2_000, "2,000 users, 10,000 tweets, 44,000 follows (42 MB): seconds; ./lab demo and CI"),
            new Scale("small", 50_000, "50,000 users, 144,000 tweets, 1 million follows (420 MB): about 10 s"),
            new Scale("seed", 1_000_000, "the seed's size: 1 million users, 2.9 million tweets, 21 million follows"
                    + " (8 GB): about 5 minutes once, then reused"));

    @Override
    public List<Scale> scales() {
        return SCALES;
    }

    @Override
    public void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed,
                         Path dataDir, Progress progress) {
        for (String service : List.of("user", "tweet", "interaction")) {
            if (!databases.containsKey(service)) {
                throw new LabException("The Tweebyte data generator needs a database for the " + service
                        + " service; got " + databases.keySet());
            }
        }
        Meter meter = new Meter(progress);
        long started = System.nanoTime();
        Model model = new Model(scale.users(), seed);
        meter.line(String.format(Locale.ROOT, "planned %,d users, %,d tweets (%d users with %,d each), ~%,d follows,"
                        + " ~%,d likes, ~%,d replies, ~%,d retweets in %.1f s", model.users, model.tweets,
                model.heavyTweeters.length, Model.HEAVY_TWEETS, model.sum(model.followCount),
                model.sum(model.likeCount), model.sum(model.replyCount), model.sum(model.retweetCount),
                (System.nanoTime() - started) / 1e9));

        ExecutorService pool = Executors.newFixedThreadPool(3, r -> {
            Thread t = new Thread(r, "tweebyte-data");
            t.setDaemon(true);
            return t;
        });
        Candidates candidates;
        try {
            Future<Void> users = pool.submit(() -> {
                loadUsers(postgres, databases.get("user"), model, seed, meter);
                return null;
            });
            Future<Void> tweets = pool.submit(() -> {
                loadTweets(postgres, databases.get("tweet"), model, seed, meter);
                return null;
            });
            Future<Candidates> interactions = pool.submit(
                    (Callable<Candidates>) () -> loadInteractions(postgres, databases.get("interaction"), model, seed,
                            meter));
            List<Throwable> failures = new ArrayList<>();
            await(users, failures);
            await(tweets, failures);
            candidates = await(interactions, failures);
            if (!failures.isEmpty()) {
                Throwable first = failures.getFirst();
                LabException e = new LabException("Cannot generate the Tweebyte data set (" + scale.name() + ", seed "
                        + seed + "): " + first.getMessage(), first);
                failures.stream().skip(1).forEach(e::addSuppressed);
                throw e;
            }
        } finally {
            pool.shutdownNow();
        }
        writeFiles(model, candidates, seed, dataDir);
        writeCacheKeys(model, seed, dataDir);
        meter.line(String.format(Locale.ROOT, "Tweebyte data set %s (seed %d) loaded in %.1f s", scale.name(), seed,
                (System.nanoTime() - started) / 1e9));
    }

    private static <T> T await(Future<T> future, List<Throwable> failures) {
        try {
            return future.get();
        } catch (ExecutionException e) {
            failures.add(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failures.add(e);
        }
        return null;
    }

    // ---- user database

    private static void loadUsers(PostgresEndpoint pg, String database, Model m, long seed, Meter meter)
            throws SQLException {
        String hash = BCrypt.hashpw(PASSWORD, BCrypt.gensalt(10, Rand.seededSecureRandom(seed)));
        SplittableRandom r = Rand.stream(seed, Rand.USERS + 100);
        LocalDate oldest = LocalDate.of(1950, 1, 1);
        try (Connection c = connect(pg, database)) {
            BulkLoad load = BulkLoad.prepare(c, List.of("users"));
            try (CopyStream users = new CopyStream(c, "users",
                    "id, user_name, email, biography, is_private, password, birth_date, created_at", meter, m.users)) {
                for (int u = 0; u < m.users; u++) {
                    String name = m.userName(u);
                    users.uuid(m.userHi[u], m.userLo[u]).text(name).text(name + "@example.org")
                            .text(Texts.sentence(r, 5 + r.nextInt(20))).bool(m.isPrivate[u]).text(hash)
                            .date(oldest.plusDays(r.nextInt(20_000))).timestamp(m.userCreated[u]).endRow();
                }
            }
            load.finish(c, database, meter);
        }
    }

    // ---- tweet database

    private record Token(String text, int kind, int ref) {
    }

    private static final int WORD = 0;
    private static final int TAG = 1;
    private static final int MENTION = 2;

    private static void loadTweets(PostgresEndpoint pg, String database, Model m, long seed, Meter meter)
            throws SQLException {
        SplittableRandom h = Rand.stream(seed, Rand.HASHTAGS);
        int vocabulary = m.hashtagVocabulary;
        long[] tagHi = new long[vocabulary];
        long[] tagLo = new long[vocabulary];
        try (Connection c = connect(pg, database); Connection links = connect(pg, database);
             Connection mentionsConnection = connect(pg, database)) {
            BulkLoad load = BulkLoad.prepare(c, List.of("tweets", "hashtags", "tweet_hashtags", "mentions"));
            try (CopyStream hashtags = new CopyStream(c, "hashtags", "id, text", meter, vocabulary)) {
                for (int i = 0; i < vocabulary; i++) {
                    tagHi[i] = Rand.uuidHi(h);
                    tagLo[i] = Rand.uuidLo(h);
                    hashtags.uuid(tagHi[i], tagLo[i]).text(Texts.hashtag(i)).endRow();
                }
            }
            SplittableRandom r = Rand.stream(seed, Rand.TWEETS + 100);
            try (CopyStream tweets = new CopyStream(c, "tweets", "id, user_id, content, created_at", meter, m.tweets);
                 CopyStream tweetHashtags = new CopyStream(links, "tweet_hashtags", "tweet_id, hashtag_id, position",
                         meter, m.tweets / 2);
                 CopyStream mentions = new CopyStream(mentionsConnection, "mentions",
                         "id, tweet_id, user_id, text, position", meter, m.tweets / 5)) {
                List<Token> tokens = new ArrayList<>();
                IntSet seen = new IntSet();
                StringBuilder content = new StringBuilder(300);
                for (int u = 0; u < m.users; u++) {
                    for (int t = m.firstTweet[u]; t < m.firstTweet[u + 1]; t++) {
                        tweetText(m, r, u, vocabulary, tokens, seen, content);
                        tweets.uuid(m.tweetHi[t], m.tweetLo[t]).uuid(m.userHi[u], m.userLo[u]).text(content)
                                .timestamp(m.tweetCreated[t]).endRow();
                        int tagPosition = 0;
                        int mentionPosition = 0;
                        for (Token token : tokens) {
                            if (token.kind() == TAG) {
                                tweetHashtags.uuid(m.tweetHi[t], m.tweetLo[t]).uuid(tagHi[token.ref()], tagLo[token.ref()])
                                        .number(++tagPosition).endRow();
                            } else if (token.kind() == MENTION) {
                                mentions.uuid(Rand.uuidHi(r), Rand.uuidLo(r)).uuid(m.tweetHi[t], m.tweetLo[t])
                                        .uuid(m.userHi[token.ref()], m.userLo[token.ref()])
                                        .text(m.userName(token.ref())).number(++mentionPosition).endRow();
                            }
                        }
                    }
                }
            }
            load.finish(c, database, meter);
        }
    }

    /**
     * A tweet of 10 to 280 characters: words, and in about 30 % of tweets 1-3 hashtags, in about 15 % 1-2 mentions
     * of other users (both drawn by popularity), at random places. {@code tokens} gets them in order of appearance,
     * which is the order the tweet service stores them in (positions 1, 2, ...).
     */
    private static void tweetText(Model m, SplittableRandom r, int author, int vocabulary, List<Token> tokens,
                                  IntSet seen, StringBuilder content) {
        tokens.clear();
        int target = 20 + r.nextInt(100);
        int length = -1;
        while (length < target) {
            String word = Texts.word(r);
            tokens.add(new Token(word, WORD, -1));
            length += word.length() + 1;
        }
        int tags = r.nextInt(100) < 30 ? (r.nextInt(10) < 7 ? 1 : 2 + r.nextInt(2)) : 0;
        seen.clear();
        for (int i = 0; i < tags; i++) {
            int tag = Rand.zipfRank(r, vocabulary, m.hashtagSpan);
            if (seen.add(tag)) {
                tokens.add(r.nextInt(tokens.size() + 1), new Token("#" + Texts.hashtag(tag), TAG, tag));
            }
        }
        int mentions = r.nextInt(100) < 15 ? (r.nextInt(4) < 3 ? 1 : 2) : 0;
        seen.clear();
        for (int i = 0; i < mentions; i++) {
            int user = m.popularUser(r);
            if (user != author && seen.add(user)) {
                tokens.add(r.nextInt(tokens.size() + 1), new Token("@" + m.userName(user), MENTION, user));
            }
        }
        content.setLength(0);
        for (Token token : tokens) {
            if (!content.isEmpty()) {
                content.append(' ');
            }
            content.append(token.text());
        }
        if (content.length() < 10 || content.length() > 280) {
            throw new IllegalStateException("tweet of " + content.length() + " characters: " + content);
        }
    }

    // ---- interaction database

    /** Follow candidates: pairs that are not in follows, followed public, distinct, never a self follow. */
    record Candidates(int[] follower, int[] followed) {
    }

    private static Candidates loadInteractions(PostgresEndpoint pg, String database, Model m, long seed, Meter meter)
            throws SQLException {
        try (Connection c = connect(pg, database)) {
            BulkLoad load = BulkLoad.prepare(c, List.of("follows", "replies", "likes", "retweets"));
            Candidates candidates = loadFollows(c, m, seed, meter);

            SplittableRandom rr = Rand.stream(seed, Rand.REPLIES);
            int replyTotal = (int) m.sum(m.replyCount);
            long[] replyHi = new long[replyTotal];
            long[] replyLo = new long[replyTotal];
            long[] replyCreated = new long[replyTotal];
            int replies = 0;
            try (CopyStream out = new CopyStream(c, "replies", "id, user_id, tweet_id, content, created_at", meter,
                    replyTotal)) {
                for (int u = 0; u < m.users; u++) {
                    for (int i = 0; i < m.replyCount[u]; i++) {
                        int t = m.popularTweet(rr);
                        if (t < 0) {
                            break;
                        }
                        replyHi[replies] = Rand.uuidHi(rr);
                        replyLo[replies] = Rand.uuidLo(rr);
                        replyCreated[replies] = Model.after(rr, Math.max(m.userCreated[u], m.tweetCreated[t]));
                        out.uuid(replyHi[replies], replyLo[replies]).uuid(m.userHi[u], m.userLo[u])
                                .uuid(m.tweetHi[t], m.tweetLo[t]).text(Texts.sentence(rr, 2 + rr.nextInt(15)))
                                .timestamp(replyCreated[replies]).endRow();
                        replies++;
                    }
                }
            }

            SplittableRandom lr = Rand.stream(seed, Rand.LIKES);
            IntSet liked = new IntSet();
            try (CopyStream out = new CopyStream(c, "likes", "id, user_id, likeable_id, likeable_type, created_at",
                    meter, m.sum(m.likeCount))) {
                for (int u = 0; u < m.users; u++) {
                    liked.clear();
                    for (int i = 0; i < m.likeCount[u]; i++) {
                        boolean reply = replies > 0 && lr.nextInt(10) == 0;
                        int target = reply ? lr.nextInt(replies) : m.popularTweet(lr);
                        if (target < 0 || !liked.add(reply ? m.tweets + target : target)) {
                            continue; // a second like of one target is not a row: skipped, not retried
                        }
                        long hi = Rand.uuidHi(lr);
                        long lo = Rand.uuidLo(lr);
                        if (reply) {
                            out.uuid(hi, lo).uuid(m.userHi[u], m.userLo[u]).uuid(replyHi[target], replyLo[target])
                                    .text("REPLY")
                                    .timestamp(Model.after(lr, Math.max(m.userCreated[u], replyCreated[target])));
                        } else {
                            out.uuid(hi, lo).uuid(m.userHi[u], m.userLo[u]).uuid(m.tweetHi[target], m.tweetLo[target])
                                    .text("TWEET")
                                    .timestamp(Model.after(lr, Math.max(m.userCreated[u], m.tweetCreated[target])));
                        }
                        out.endRow();
                    }
                }
            }

            SplittableRandom tr = Rand.stream(seed, Rand.RETWEETS);
            try (CopyStream out = new CopyStream(c, "retweets", "id, user_id, original_tweet_id, content, created_at",
                    meter, m.sum(m.retweetCount))) {
                for (int u = 0; u < m.users; u++) {
                    for (int i = 0; i < m.retweetCount[u]; i++) {
                        int t = m.popularTweet(tr);
                        if (t < 0) {
                            break;
                        }
                        out.uuid(Rand.uuidHi(tr), Rand.uuidLo(tr)).uuid(m.userHi[u], m.userLo[u])
                                .uuid(m.tweetHi[t], m.tweetLo[t]);
                        if (tr.nextBoolean()) {
                            out.nul();
                        } else {
                            out.text(Texts.sentence(tr, 1 + tr.nextInt(10)));
                        }
                        out.timestamp(Model.after(tr, Math.max(m.userCreated[u], m.tweetCreated[t]))).endRow();
                    }
                }
            }
            load.finish(c, database, meter);
            return candidates;
        }
    }

    /**
     * Follows: each user follows {@link Model#followCount} others drawn by popularity (a power law on who is
     * followed), a follow of a private account is PENDING in 3 of 10 cases; feed readers follow exactly 100 users
     * who have tweets, all ACCEPTED. Beside each user's follows its follow candidates are drawn: public users it
     * does not follow, so the follow scenario's POSTs all succeed.
     */
    private static Candidates loadFollows(Connection c, Model m, long seed, Meter meter) throws SQLException {
        SplittableRandom r = Rand.stream(seed, Rand.FOLLOWS);
        // Minutes of follows at thousands per second, even at the smallest scale: a row is used once per run.
        int wanted = Model.clamp((int) Math.min(Integer.MAX_VALUE, 20L * m.users), 200_000, 2_000_000);
        int[] candidateFollower = new int[wanted];
        int[] candidateFollowed = new int[wanted];
        int candidates = 0;
        int base = wanted / m.users;
        int extra = wanted % m.users;
        IntSet followed = new IntSet();
        IntSet chosen = new IntSet();
        try (CopyStream out = new CopyStream(c, "follows", "id, follower_id, followed_id, status, created_at", meter,
                m.sum(m.followCount))) {
            for (int u = 0; u < m.users; u++) {
                followed.clear();
                boolean reader = m.feedReader[u];
                int made = 0;
                for (int attempt = 0; made < m.followCount[u] && attempt < 50 * m.followCount[u] + 100; attempt++) {
                    int v = m.popularUser(r);
                    if (v == u || (reader && m.tweetCount[v] == 0) || !followed.add(v)) {
                        continue;
                    }
                    boolean pending = !reader && m.isPrivate[v] && r.nextInt(10) < 3;
                    out.uuid(Rand.uuidHi(r), Rand.uuidLo(r)).uuid(m.userHi[u], m.userLo[u])
                            .uuid(m.userHi[v], m.userLo[v]).text(pending ? "PENDING" : "ACCEPTED")
                            .timestamp(Model.after(r, Math.max(m.userCreated[u], m.userCreated[v]))).endRow();
                    made++;
                }
                if (reader && made != Model.FEED_FOLLOWING) {
                    throw new IllegalStateException("feed reader " + u + " follows " + made + " users, not "
                            + Model.FEED_FOLLOWING);
                }
                int quota = base + (u < extra ? 1 : 0);
                chosen.clear();
                for (int attempt = 0, got = 0; got < quota && attempt < 100 * quota; attempt++) {
                    int v = r.nextInt(m.users);
                    if (v == u || m.isPrivate[v] || followed.contains(v) || !chosen.add(v)) {
                        continue;
                    }
                    candidateFollower[candidates] = u;
                    candidateFollowed[candidates] = v;
                    candidates++;
                    got++;
                }
            }
        }
        return new Candidates(java.util.Arrays.copyOf(candidateFollower, candidates),
                java.util.Arrays.copyOf(candidateFollowed, candidates));
    }

    // ---- scenario data files

    private static void writeFiles(Model m, Candidates candidates, long seed, Path dir) {
        SplittableRandom r = Rand.stream(seed, Rand.FILES);
        try {
            Files.createDirectories(dir);
            // the cpu scenario's request body (no random draw: the same bytes for every seed)
            MediaBodies.write(dir);
            // users.csv: one user from each of up to 10,000 equal slices of the users, in shuffled order
            int[] sample = spread(allUsers(m.users), SAMPLE, r);
            try (BufferedWriter w = writer(dir.resolve(USERS_CSV), "user_id,user_name,token")) {
                for (int u : sample) {
                    line(w, id(m, u), m.userName(u), TOKEN_PLACEHOLDER);
                }
            }
            try (BufferedWriter w = writer(dir.resolve(FOLLOW_PAIRS_CSV), "follower_id,followed_id,token")) {
                int[] order = Model.shuffledIndexes(candidates.follower().length, r);
                for (int i : order) {
                    line(w, id(m, candidates.follower()[i]), id(m, candidates.followed()[i]), TOKEN_PLACEHOLDER);
                }
            }
            // tweet-edits.csv: distinct users with tweets (not the heavy tweeters), one own tweet each
            int editors = 0;
            int[] withTweets = new int[m.users];
            for (int u = 0; u < m.users; u++) {
                if (m.tweetCount[u] > 0 && !m.heavy[u]) {
                    withTweets[editors++] = u;
                }
            }
            int[] edits = spread(java.util.Arrays.copyOf(withTweets, editors), SAMPLE, r);
            try (BufferedWriter w = writer(dir.resolve(TWEET_EDITS_CSV), "user_id,tweet_id,token")) {
                for (int u : edits) {
                    int t = m.firstTweet[u] + r.nextInt(m.tweetCount[u]);
                    line(w, id(m, u), new UUID(m.tweetHi[t], m.tweetLo[t]).toString(), TOKEN_PLACEHOLDER);
                }
            }
            try (BufferedWriter w = writer(dir.resolve(HEAVY_TWEETERS_CSV), "user_id,tweet_count,token")) {
                for (int u : m.heavyTweeters) {
                    line(w, id(m, u), Integer.toString(m.tweetCount[u]), TOKEN_PLACEHOLDER);
                }
            }
            try (BufferedWriter w = writer(dir.resolve(FEED_READERS_CSV), "user_id,following,token")) {
                for (int u : m.feedReaders) {
                    line(w, id(m, u), Integer.toString(Model.FEED_FOLLOWING), TOKEN_PLACEHOLDER);
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot write the scenario data files to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The cache workload's key trace (seed 001, section 5.1): the keys are min({@value #CACHE_KEYS}, users who
     * follow someone) of those users, one from each equal slice of them, shuffled; the first tenth of that order is
     * the hot set. Each of the {@value #CACHE_DRAWS} rows is a draw: with probability 0.9 a uniformly random hot key,
     * else a uniformly random one of the other nine tenths. A scenario reading random rows of it therefore sends 90 %
     * of its requests to 10 % of the keys. Its own random stream, so the other files do not change with it.
     */
    private static void writeCacheKeys(Model m, long seed, Path dir) {
        SplittableRandom r = Rand.stream(seed, Rand.CACHE_KEYS);
        int followers = 0;
        int[] following = new int[m.users];
        for (int u = 0; u < m.users; u++) {
            if (m.followCount[u] > 0) {
                following[followers++] = u;
            }
        }
        int[] keys = spread(java.util.Arrays.copyOf(following, followers), CACHE_KEYS, r);
        int hot = Math.max(1, keys.length / 10);
        try (BufferedWriter w = writer(dir.resolve(CACHE_KEYS_CSV), "user_id,hot,token")) {
            for (int i = 0; i < CACHE_DRAWS; i++) {
                boolean isHot = r.nextInt(10) < 9 || hot == keys.length;
                int u = isHot ? keys[r.nextInt(hot)] : keys[hot + r.nextInt(keys.length - hot)];
                line(w, id(m, u), isHot ? "1" : "0", TOKEN_PLACEHOLDER);
            }
        } catch (IOException e) {
            throw new LabException("Cannot write " + CACHE_KEYS_CSV + " to " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Up to {@code n} of {@code from}: one drawn from each of {@code n} equal slices, then shuffled. */
    private static int[] spread(int[] from, int n, SplittableRandom r) {
        int count = Math.min(n, from.length);
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            long lo = (long) k * from.length / count;
            long hi = (long) (k + 1) * from.length / count;
            out[k] = from[(int) (lo + r.nextLong(Math.max(1, hi - lo)))];
        }
        for (int i = count - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = out[i];
            out[i] = out[j];
            out[j] = tmp;
        }
        return out;
    }

    private static int[] allUsers(int n) {
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        return all;
    }

    private static String id(Model m, int u) {
        return new UUID(m.userHi[u], m.userLo[u]).toString();
    }

    private static BufferedWriter writer(Path file, String header) throws IOException {
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        w.write(header);
        w.write('\n');
        return w;
    }

    private static void line(BufferedWriter w, String... cells) throws IOException {
        w.write(String.join(",", cells));
        w.write('\n');
    }

    private static Connection connect(PostgresEndpoint pg, String database) throws SQLException {
        Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
        try (Statement s = c.createStatement()) {
            s.execute("SET synchronous_commit = off");
        }
        return c;
    }
}
