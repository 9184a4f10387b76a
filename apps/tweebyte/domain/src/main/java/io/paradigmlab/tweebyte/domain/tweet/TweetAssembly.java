package io.paradigmlab.tweebyte.domain.tweet;

import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Puts a page of tweets together from the rows of its three statements and the one enrichment call, the same
 * way in every variant. Each variant only fetches; the shape of the answer is decided here.
 */
public final class TweetAssembly {

    /** A row of {@code TweetSql.HASHTAGS_OF}. */
    public record HashtagRow(UUID tweetId, Hashtag hashtag) {
    }

    /** A row of {@code TweetSql.MENTIONS_OF}. */
    public record MentionRow(UUID tweetId, Mention mention) {
    }

    private TweetAssembly() {
    }

    public static UUID[] ids(List<TweetSummary> page) {
        return page.stream().map(TweetSummary::id).toArray(UUID[]::new);
    }

    /**
     * Ids of a page in enrichment batches of at most {@link InteractionRules#SUMMARY_BATCH_MAX}, in page order:
     * one {@code POST /recommendations/tweet/summary} each, sent one after the other in every variant. A list
     * without paging (a user's 1,000 tweets) is larger than one batch the interaction service accepts.
     */
    public static List<List<UUID>> summaryBatches(List<UUID> ids) {
        List<List<UUID>> batches = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += InteractionRules.SUMMARY_BATCH_MAX) {
            batches.add(List.copyOf(ids.subList(from, Math.min(ids.size(), from + InteractionRules.SUMMARY_BATCH_MAX))));
        }
        return batches;
    }

    /** Tweets in page order, each with its hashtags and mentions in the order the rows give them. */
    public static List<Tweet> assemble(List<TweetSummary> page, List<HashtagRow> hashtags, List<MentionRow> mentions) {
        Map<UUID, List<Hashtag>> tags = new HashMap<>();
        hashtags.forEach(r -> tags.computeIfAbsent(r.tweetId(), k -> new ArrayList<>()).add(r.hashtag()));
        Map<UUID, List<Mention>> named = new HashMap<>();
        mentions.forEach(r -> named.computeIfAbsent(r.tweetId(), k -> new ArrayList<>()).add(r.mention()));
        return page.stream().map(t -> new Tweet(t.id(), t.userId(), t.content(), t.createdAt(),
                List.copyOf(named.getOrDefault(t.id(), List.of())), List.copyOf(tags.getOrDefault(t.id(), List.of()))))
                .toList();
    }

    /** Adds counts and top reply; a tweet the interaction service did not report gets zeros and no top reply. */
    public static List<EnrichedTweet> enrich(List<Tweet> tweets, List<TweetInteractionSummary> summaries) {
        Map<UUID, TweetInteractionSummary> byId = new HashMap<>();
        summaries.forEach(s -> byId.put(s.tweetId(), s));
        return tweets.stream().map(t -> {
            TweetInteractionSummary s = byId.get(t.id());
            return s == null
                    ? new EnrichedTweet(t.id(), t.userId(), t.content(), t.createdAt(), t.mentions(), t.hashtags(), 0, 0, 0, null)
                    : new EnrichedTweet(t.id(), t.userId(), t.content(), t.createdAt(), t.mentions(), t.hashtags(),
                            s.likesCount(), s.repliesCount(), s.retweetsCount(), s.topReply());
        }).toList();
    }

    /** Search hits with their authors; an author the user service did not return is {@code null}. */
    public static List<TweetWithUser> withUsers(List<Tweet> tweets, List<UserSummary> users) {
        Map<UUID, UserSummary> byId = new HashMap<>();
        users.forEach(u -> byId.put(u.id(), u));
        return tweets.stream().map(t -> new TweetWithUser(t.id(), t.userId(), t.content(), t.createdAt(), t.mentions(),
                t.hashtags(), byId.get(t.userId()))).toList();
    }

    /** Distinct author ids of a page, in page order: the body of the one user lookup of a search. */
    public static List<UUID> authors(List<TweetSummary> page) {
        return page.stream().map(TweetSummary::userId).distinct().toList();
    }

    /**
     * The mentions to store: the users found, in the order their names first appear in the text; names the user
     * service did not find are dropped. Mention ids come from {@code ids}, one per found user, in that order.
     */
    public static List<Mention> mentions(List<String> names, List<UserSummary> found, List<UUID> ids) {
        Map<String, UserSummary> byName = new HashMap<>();
        found.forEach(u -> byName.put(u.userName().toLowerCase(Locale.ROOT), u));
        Map<UUID, Mention> result = new LinkedHashMap<>();
        int next = 0;
        for (String name : names) {
            UserSummary user = byName.get(name.toLowerCase(Locale.ROOT));
            if (user != null && !result.containsKey(user.id())) {
                result.put(user.id(), new Mention(ids.get(next++), user.id(), user.userName()));
            }
        }
        return List.copyOf(result.values());
    }

    /** The ids of {@code texts}, in their order, from the rows the hashtag upsert returned (in any order). */
    public static List<Hashtag> hashtagsInOrder(List<String> texts, List<Hashtag> upserted) {
        Map<String, Hashtag> byText = new HashMap<>();
        upserted.forEach(h -> byText.put(h.text(), h));
        return texts.stream().map(byText::get).toList();
    }
}
