package io.paradigmlab.tweebyte.lab.data;

import java.time.Instant;
import java.util.SplittableRandom;

/**
 * What every table is made of, decided up front and kept in arrays (about 120 bytes per user and 40 per tweet):
 * users, their popularity order, their tweets' ids and times, how many follows, likes, replies and retweets each
 * makes, and the special users the scenarios need. The three databases are then written independently from it.
 */
final class Model {

    /** Data ends here: created_at values lie in the year before. */
    static final long END = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
    static final long YEAR = 365L * 86_400_000L;
    static final long START = END - YEAR;

    static final int HEAVY_TWEETS = 1000;
    static final int FEED_FOLLOWING = 100;

    final int users;
    final long[] userHi;
    final long[] userLo;
    final byte[] first;
    final byte[] last;
    final boolean[] isPrivate;
    final long[] userCreated;
    /** rank (0 = most followed, liked, mentioned) to user index */
    final int[] byPopularity;

    final int[] tweetCount;
    /** index of each user's first tweet; tweets of user u are firstTweet[u] .. firstTweet[u + 1] - 1 */
    final int[] firstTweet;
    final int tweets;
    final long[] tweetHi;
    final long[] tweetLo;
    final long[] tweetCreated;

    final int[] followCount;
    final int[] likeCount;
    final int[] replyCount;
    final int[] retweetCount;

    /** users with {@link #HEAVY_TWEETS} tweets each */
    final int[] heavyTweeters;
    /** users following exactly {@link #FEED_FOLLOWING} users who have tweets, every follow ACCEPTED */
    final int[] feedReaders;
    final boolean[] heavy;
    final boolean[] feedReader;

    final int hashtagVocabulary;
    final double userSpan;
    final double hashtagSpan;

    Model(int users, long seed) {
        if (users < 300) {
            throw new IllegalArgumentException("at least 300 users, got " + users);
        }
        this.users = users;
        this.userSpan = Rand.zipfSpan(users);
        SplittableRandom r = Rand.stream(seed, Rand.USERS);
        userHi = new long[users];
        userLo = new long[users];
        first = new byte[users];
        last = new byte[users];
        isPrivate = new boolean[users];
        userCreated = new long[users];
        for (int u = 0; u < users; u++) {
            userHi[u] = Rand.uuidHi(r);
            userLo[u] = Rand.uuidLo(r);
            first[u] = (byte) r.nextInt(Texts.FIRST.length);
            last[u] = (byte) r.nextInt(Texts.LAST.length);
            isPrivate[u] = r.nextInt(10) == 0;
            // accounts open over the first 300 days, so each has some time to act
            userCreated[u] = START + r.nextLong(300L * 86_400_000L);
        }

        byPopularity = shuffledIndexes(users, Rand.stream(seed, Rand.POPULARITY));

        // the special users: disjoint, drawn from a seeded shuffle so they spread over the whole id range
        int[] order = shuffledIndexes(users, Rand.stream(seed, Rand.ROLES));
        heavyTweeters = new int[clamp(users / 10_000, 5, 100)];
        feedReaders = new int[clamp(users / 1_000, 20, 1_000)];
        heavy = new boolean[users];
        feedReader = new boolean[users];
        for (int i = 0; i < heavyTweeters.length; i++) {
            heavyTweeters[i] = order[i];
            heavy[order[i]] = true;
        }
        for (int i = 0; i < feedReaders.length; i++) {
            feedReaders[i] = order[heavyTweeters.length + i];
            feedReader[order[heavyTweeters.length + i]] = true;
        }
        java.util.Arrays.sort(heavyTweeters);
        java.util.Arrays.sort(feedReaders);

        SplittableRandom p = Rand.stream(seed, Rand.PLAN);
        tweetCount = new int[users];
        followCount = new int[users];
        likeCount = new int[users];
        replyCount = new int[users];
        retweetCount = new int[users];
        int maxFollows = Math.min(1_000, users / 4);
        for (int u = 0; u < users; u++) {
            // tweets: median 2, a quarter none, a long tail
            tweetCount[u] = heavy[u] ? HEAVY_TWEETS : Rand.logNormalCount(p, 2.0, 1.0, 500);
            // follows: median 16, a quarter under 10, one in ~150 over 100
            followCount[u] = feedReader[u] ? FEED_FOLLOWING : Math.max(1, Rand.logNormalCount(p, 16, 0.75, maxFollows));
            likeCount[u] = Rand.logNormalCount(p, 3.0, 1.0, 1_000);
            replyCount[u] = Rand.logNormalCount(p, 0.8, 1.0, 200);
            retweetCount[u] = Rand.logNormalCount(p, 0.5, 1.0, 200);
        }
        firstTweet = new int[users + 1];
        long total = 0;
        for (int u = 0; u < users; u++) {
            firstTweet[u] = (int) total;
            total += tweetCount[u];
        }
        if (total > Integer.MAX_VALUE - 1) {
            throw new IllegalArgumentException("too many tweets: " + total);
        }
        firstTweet[users] = (int) total;
        tweets = (int) total;
        tweetHi = new long[tweets];
        tweetLo = new long[tweets];
        tweetCreated = new long[tweets];
        SplittableRandom t = Rand.stream(seed, Rand.TWEETS);
        for (int u = 0; u < users; u++) {
            for (int i = firstTweet[u]; i < firstTweet[u + 1]; i++) {
                tweetHi[i] = Rand.uuidHi(t);
                tweetLo[i] = Rand.uuidLo(t);
                tweetCreated[i] = after(t, userCreated[u]);
            }
        }
        hashtagVocabulary = clamp(users / 50, 200, 20_000);
        hashtagSpan = Rand.zipfSpan(hashtagVocabulary);
    }

    String userName(int u) {
        return Texts.userName(first[u], last[u], u);
    }

    /** A user drawn by popularity (power law): the popular few are drawn often. */
    int popularUser(SplittableRandom r) {
        return byPopularity[Rand.zipfRank(r, users, userSpan)];
    }

    /** A tweet drawn by its author's popularity, uniform among the author's tweets; -1 when there are no tweets. */
    int popularTweet(SplittableRandom r) {
        if (tweets == 0) {
            return -1;
        }
        for (int attempt = 0; attempt < 16; attempt++) {
            int author = popularUser(r);
            if (tweetCount[author] > 0) {
                return firstTweet[author] + r.nextInt(tweetCount[author]);
            }
        }
        return r.nextInt(tweets);
    }

    long sum(int[] counts) {
        long s = 0;
        for (int c : counts) {
            s += c;
        }
        return s;
    }

    /** A time after {@code notBefore} (and before {@link #END}). */
    static long after(SplittableRandom r, long notBefore) {
        return notBefore + 1 + r.nextLong(Math.max(1, END - notBefore - 1));
    }

    static int clamp(int v, int min, int max) {
        return Math.max(min, Math.min(max, v));
    }

    static int[] shuffledIndexes(int n, SplittableRandom r) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
        return a;
    }
}
