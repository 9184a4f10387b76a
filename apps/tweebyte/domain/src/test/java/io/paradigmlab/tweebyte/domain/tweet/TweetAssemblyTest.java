package io.paradigmlab.tweebyte.domain.tweet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.interaction.InteractionRules;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.HashtagRow;
import io.paradigmlab.tweebyte.domain.tweet.TweetAssembly.MentionRow;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TweetAssemblyTest {

    private final UUID author = UUID.randomUUID();
    private final TweetSummary newer = new TweetSummary(UUID.randomUUID(), author, "newer #b #a", Instant.parse("2026-01-02T00:00:00Z"));
    private final TweetSummary older = new TweetSummary(UUID.randomUUID(), author, "older", Instant.parse("2026-01-01T00:00:00Z"));

    @Test
    void enrichmentBatchesCoverThePageInOrderWithinTheInteractionServiceLimit() {
        List<UUID> ids = java.util.stream.IntStream.range(0, 2 * InteractionRules.SUMMARY_BATCH_MAX + 1)
                .mapToObj(i -> UUID.randomUUID()).toList();
        List<List<UUID>> batches = TweetAssembly.summaryBatches(ids);
        assertThat(batches).hasSize(3);
        assertThat(batches).allSatisfy(b -> assertThat(b).hasSizeLessThanOrEqualTo(InteractionRules.SUMMARY_BATCH_MAX));
        assertThat(batches.stream().flatMap(List::stream).toList()).isEqualTo(ids);
        assertThat(TweetAssembly.summaryBatches(ids.subList(0, 1))).containsExactly(ids.subList(0, 1));
        assertThat(TweetAssembly.summaryBatches(List.of())).isEmpty();
    }

    @Test
    void assemblesInPageOrderWithPartsInRowOrder() {
        Hashtag b = new Hashtag(UUID.randomUUID(), "b");
        Hashtag a = new Hashtag(UUID.randomUUID(), "a");
        Mention m = new Mention(UUID.randomUUID(), UUID.randomUUID(), "Bob");
        List<Tweet> page = TweetAssembly.assemble(List.of(newer, older),
                List.of(new HashtagRow(newer.id(), b), new HashtagRow(newer.id(), a)), List.of(new MentionRow(newer.id(), m)));
        assertThat(page).extracting(Tweet::id).containsExactly(newer.id(), older.id());
        assertThat(page.get(0).hashtags()).containsExactly(b, a);
        assertThat(page.get(0).mentions()).containsExactly(m);
        assertThat(page.get(1).hashtags()).isEmpty();
    }

    @Test
    void enrichmentFillsZerosForUnreportedTweets() {
        Reply top = new Reply(UUID.randomUUID(), UUID.randomUUID(), newer.id(), "top", Instant.now(), 3);
        List<EnrichedTweet> enriched = TweetAssembly.enrich(TweetAssembly.assemble(List.of(newer, older), List.of(), List.of()),
                List.of(new TweetInteractionSummary(newer.id(), 1, 2, 3, top)));
        assertThat(enriched.get(0).likesCount()).isEqualTo(1);
        assertThat(enriched.get(0).topReply()).isEqualTo(top);
        assertThat(enriched.get(1).likesCount()).isZero();
        assertThat(enriched.get(1).topReply()).isNull();
    }

    @Test
    void mentionsKeepTextOrderDropUnknownAndUseTheStoredSpelling() {
        UserSummary bob = new UserSummary(UUID.randomUUID(), "BoB", false, Instant.now());
        UserSummary ann = new UserSummary(UUID.randomUUID(), "ann", false, Instant.now());
        UUID id1 = UUID.randomUUID();
        UUID id2 = UUID.randomUUID();
        List<Mention> mentions = TweetAssembly.mentions(List.of("ann", "ghost", "bob"), List.of(bob, ann), List.of(id1, id2));
        assertThat(mentions).containsExactly(new Mention(id1, ann.id(), "ann"), new Mention(id2, bob.id(), "BoB"));
    }

    @Test
    void hashtagsComeBackInTextOrderWhateverTheUpsertsOrder() {
        Hashtag x = new Hashtag(UUID.randomUUID(), "x");
        Hashtag y = new Hashtag(UUID.randomUUID(), "y");
        assertThat(TweetAssembly.hashtagsInOrder(List.of("y", "x"), List.of(x, y))).containsExactly(y, x);
    }

    @Test
    void contentRules() {
        assertThat(TweetRules.validContent(new TweetBody("exactly 10"))).isEqualTo("exactly 10");
        assertThatThrownBy(() -> TweetRules.validContent(new TweetBody("nine char"))).hasMessage(TweetRules.CONTENT_LENGTH);
        assertThatThrownBy(() -> TweetRules.validContent(new TweetBody("x".repeat(281)))).hasMessage(TweetRules.CONTENT_LENGTH);
        assertThat(TweetRules.validContent(new TweetBody("\ud83d\ude00".repeat(280)))).hasSize(560);
        assertThatThrownBy(() -> TweetRules.validContent(null)).hasMessage(TweetRules.CONTENT_REQUIRED);
        assertThatThrownBy(() -> TweetRules.validContent(new TweetBody("ten chars\u0000"))).isInstanceOf(ApiException.BadRequest.class)
                .hasMessage("content must not contain the NUL character");
        assertThat(TweetRules.hashtagTerm("#Java")).isEqualTo("java");
    }
}
