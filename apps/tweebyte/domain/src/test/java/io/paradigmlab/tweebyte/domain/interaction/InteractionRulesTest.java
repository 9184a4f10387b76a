package io.paradigmlab.tweebyte.domain.interaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.user.UserBatch;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class InteractionRulesTest {

    @Test
    void summariesKeepRequestOrderAndFillZeros() {
        UUID a = UUID.randomUUID();
        UUID b = UUID.randomUUID();
        Reply top = new Reply(UUID.randomUUID(), UUID.randomUUID(), b, "hi", Instant.now(), 0);
        List<TweetInteractionSummary> s = InteractionRules.summaries(List.of(b, a),
                List.of(new TweetCounts(a, 1, 0, 0)), List.of(top));
        assertThat(s).extracting(TweetInteractionSummary::tweetId).containsExactly(b, a);
        assertThat(s.get(0).topReply()).isEqualTo(top);
        assertThat(s.get(0).likesCount()).isZero();
        assertThat(s.get(1).likesCount()).isEqualTo(1);
    }

    @Test
    void tweetIdBatchIsBoundedDistinctAndCanonical() {
        UUID a = UUID.randomUUID();
        assertThat(InteractionRules.tweetIds(List.of(a.toString(), a.toString()))).containsExactly(a);
        assertThat(InteractionRules.tweetIds(List.of())).isEmpty();
        List<String> many = new ArrayList<>(Collections.nCopies(101, a.toString()));
        assertThatThrownBy(() -> InteractionRules.tweetIds(many)).hasMessage(InteractionRules.TWEET_IDS);
        assertThatThrownBy(() -> InteractionRules.tweetIds(List.of("1-2-3-4-5"))).hasMessage(InteractionRules.TWEET_IDS);
    }

    @Test
    void replyAndRetweetRules() {
        assertThatThrownBy(() -> InteractionRules.validNewReply(new ReplyBody("nope", "")))
                .isInstanceOf(ApiException.BadRequest.class)
                .extracting(e -> ((ApiException) e).errors()).asList()
                .containsExactly("tweet_id must be a valid UUID", InteractionRules.REPLY_CONTENT);
        assertThat(InteractionRules.validNewReply(new ReplyBody(UUID.randomUUID().toString(), "x")).content()).isEqualTo("x");
        assertThat(InteractionRules.validNewRetweet(new RetweetBody(UUID.randomUUID().toString(), null)).content()).isNull();
        assertThatThrownBy(() -> InteractionRules.validRetweetEdit(new RetweetBody(null, "y".repeat(281))))
                .hasMessage(InteractionRules.RETWEET_CONTENT);
    }

    @Test
    void followAnswersAndOwnership() {
        assertThat(FollowStatus.parseAnswer("accepted")).isEqualTo(FollowStatus.ACCEPTED);
        assertThatThrownBy(() -> FollowStatus.parseAnswer("PENDING")).hasMessage(FollowStatus.ANSWER_INVALID);
        assertThat(FollowStatus.forNewFollow(true)).isEqualTo(FollowStatus.PENDING);
        UUID me = UUID.randomUUID();
        InteractionRules.requireOwner(null, me);
        assertThatThrownBy(() -> InteractionRules.requireOwner(UUID.randomUUID(), me)).isInstanceOf(ApiException.Forbidden.class);
        assertThatThrownBy(() -> InteractionRules.requireNotSelf(me, me)).hasMessage(InteractionRules.SELF_FOLLOW);
        assertThat(InteractionRules.requestNotAnswerable(true).status()).isEqualTo(409);
        assertThat(InteractionRules.requestNotAnswerable(false).status()).isEqualTo(404);
    }

    @Test
    void followNamesAreTheOtherSide() {
        UserSummary ann = new UserSummary(UUID.randomUUID(), "ann", false, Instant.now());
        UUID me = UUID.randomUUID();
        FollowRow row = new FollowRow(UUID.randomUUID(), ann.id(), me, Instant.now(), "ACCEPTED");
        assertThat(Follow.Side.FOLLOWER.ids(List.of(row, row))).containsExactly(ann.id());
        assertThat(Follow.withNames(List.of(row), Follow.Side.FOLLOWER, List.of(ann)).getFirst().userName()).isEqualTo("ann");
        assertThat(Follow.withNames(List.of(row), Follow.Side.FOLLOWED, List.of(ann)).getFirst().userName()).isNull();
    }

    @Test
    void userBatchesKeepRequestOrder() {
        UserSummary ann = new UserSummary(UUID.randomUUID(), "Ann", false, Instant.now());
        UserSummary bob = new UserSummary(UUID.randomUUID(), "bob", false, Instant.now());
        assertThat(UserBatch.names(List.of("BOB", "ann", "bob"))).containsExactly("bob", "ann");
        assertThat(UserBatch.inNameOrder(List.of("bob", "ghost", "ann"), List.of(ann, bob))).containsExactly(bob, ann);
        assertThat(UserBatch.inIdOrder(List.of(bob.id(), ann.id()), List.of(ann, bob))).containsExactly(bob, ann);
        assertThatThrownBy(() -> UserBatch.names(List.of("a\u0000"))).hasMessage(UserBatch.NAMES_INVALID);
        assertThatThrownBy(() -> UserBatch.ids(List.of("x"))).hasMessage(UserBatch.IDS_INVALID);
    }
}
