package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;

import static io.paradigmlab.tweebyte.spec.Tweets.content;
import static io.paradigmlab.tweebyte.spec.Tweets.post;
import static io.paradigmlab.tweebyte.spec.Tweets.text;
import static io.paradigmlab.tweebyte.spec.Tweets.uniqueTag;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertError;
import static io.paradigmlab.tweebyte.spec.UserServiceSpec.assertSummary;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.spec.Users.Account;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The tweet service's behaviour, black-box over HTTP (with the user and interaction services it calls). A
 * subclass names the variant; every scenario runs unchanged against async, virtual and reactive.
 */
public abstract class TweetServiceSpec extends TweebyteSpec {

    static final String CONTENT_LENGTH = "Content must be between 10 and 280 characters";
    static final String PAGE = "page must be a whole number between 0 and 1000000";
    static final String SIZE = "size must be a whole number between 1 and 100";

    JsonNode tweet(UUID id, Account reader) {
        return ok(tweets.get("/tweets/" + id, reader.token()));
    }

    /** The popular-hashtags entry of {@code text}, or null when it is not among the top 100. */
    JsonNode popular(String text, Account reader) {
        JsonNode all = ok(tweets.get("/tweets/hashtag/popular", reader.token()));
        assertThat(all.size()).isLessThanOrEqualTo(100);
        for (JsonNode h : all) {
            assertFields(h, List.of("id", "text", "count"));
            if (h.get("text").asString().equals(text)) {
                return h;
            }
        }
        return null;
    }

    @Nested
    @DisplayName("POST /tweets/{userId}")
    class Create {

        @Test
        void answersTheIdAndKeepsTheContentAsSent() {
            Account author = register("Tw");
            String sent = "Grüße, world! ✓ 😀 naïve café";
            UUID id = post(tweets, author, sent);
            JsonNode summary = ok(tweets.get("/tweets/" + id + "/summary", author.token()));
            assertFields(summary, SUMMARY_FIELDS);
            assertThat(summary.get("id").asString()).isEqualTo(s(id));
            assertThat(summary.get("user_id").asString()).isEqualTo(s(author.id()));
            assertThat(summary.get("content").asString()).isEqualTo(sent);
            assertRecent(summary.get("created_at"));
        }

        @ParameterizedTest(name = "{0} characters -> {1}")
        @CsvSource({"9,400", "10,200", "280,200", "281,400"})
        void acceptsTenTo280Characters(int length, int status) {
            Account author = register("Len");
            Response r = Tweets.create(tweets, author, text("Length ", length));
            if (status == 200) {
                assertThat(ok(r).propertyNames()).containsExactly("id");
            } else {
                assertError(r, 400, "/tweets/" + author.id(), CONTENT_LENGTH);
            }
        }

        @Test
        void countsAnEmojiAsOneCharacter() {
            Account author = register("Emoji");
            String emoji = "\uD83D\uDE00";
            UUID id = post(tweets, author, emoji.repeat(280));
            assertThat(ok(tweets.get("/tweets/" + id + "/summary", author.token())).get("content").asString())
                    .isEqualTo(emoji.repeat(280));
            post(tweets, author, emoji.repeat(10));
            assertError(Tweets.create(tweets, author, emoji.repeat(281)), 400, "/tweets/" + author.id(), CONTENT_LENGTH);
            assertError(Tweets.create(tweets, author, emoji.repeat(9)), 400, "/tweets/" + author.id(), CONTENT_LENGTH);
        }

        @Test
        void rejectsTheNulCharacter() {
            Account author = register("Nul");
            assertError(Tweets.create(tweets, author, "0123456789\u0000abc"), 400, "/tweets/" + author.id(),
                    "content must not contain the NUL character");
        }

        @Test
        void requiresContent() {
            Account author = register("NoContent");
            String path = "/tweets/" + author.id();
            assertError(tweets.postJson(path, "{}", author.token()), 400, path, "Content is required");
            assertError(tweets.postJson(path, "{\"content\":null}", author.token()), 400, path, "Content is required");
        }

        @Test
        void rejectsAMissingOrMalformedBody() {
            Account author = register("Malformed");
            String path = "/tweets/" + author.id();
            assertError(tweets.postJson(path, "", author.token()), 400, path, "Malformed JSON request");
            assertError(tweets.postJson(path, "{\"content\": ", author.token()), 400, path, "Malformed JSON request");
        }

        @Test
        void forbidsPostingAsAnotherUser() {
            Account me = register("Poster");
            Account other = register("Victim");
            Response r = tweets.postJson("/tweets/" + other.id(), content("Not my own voice"), me.token());
            assertError(r, 403, "/tweets/" + other.id(), "You can only post as yourself");
            assertThat(ok(tweets.get("/tweets/user/" + other.id(), me.token()))).isEmpty();
        }

        @Test
        void needsAValidToken() {
            Account author = register("TwTok");
            String path = "/tweets/" + author.id();
            assertTokenRequired(author, token -> tweets.postJson(path, content("A valid tweet text"), token), path);
        }

        @ParameterizedTest(name = "user id {0} -> 400")
        @ValueSource(strings = {"not-a-uuid", "1-2-3-4-5"})
        void rejectsABadUserId(String id) {
            Account author = register("TwBadId");
            assertError(tweets.postJson("/tweets/" + id, content("A valid tweet text"), author.token()), 400,
                    "/tweets/" + id, "userId must be a valid UUID");
        }
    }

    @Nested
    @DisplayName("hashtags and mentions")
    class HashtagsAndMentions {

        @Test
        void aHashtagIsOneRowWhateverItsCase() {
            Account a = register("Tag");
            Account b = register("Tag");
            String tag = uniqueTag("java");
            String upper = tag.toUpperCase(Locale.ROOT);
            UUID first = post(tweets, a, "Learning #" + upper + " today, and #" + tag + " again");
            UUID second = post(tweets, b, "More about #" + tag + " here");
            JsonNode firstTags = tweet(first, a).get("hashtags");
            JsonNode secondTags = tweet(second, a).get("hashtags");
            assertThat(firstTags).hasSize(1);
            assertFields(firstTags.get(0), List.of("id", "text"));
            assertThat(firstTags.get(0).get("text").asString()).isEqualTo(tag);
            assertThat(secondTags).hasSize(1);
            assertThat(secondTags.get(0).get("id").asString()).isEqualTo(firstTags.get(0).get("id").asString());

            JsonNode popular = popular(tag, a);
            assertThat(popular).as("#%s among the popular hashtags", tag).isNotNull();
            assertThat(popular.get("id").asString()).isEqualTo(firstTags.get(0).get("id").asString());
            assertThat(popular.get("count").asLong()).isEqualTo(2);
        }

        @Test
        void hashtagsKeepTheirOrderOfFirstAppearance() {
            Account a = register("Order");
            String zeta = uniqueTag("zeta");
            String alpha = uniqueTag("alpha");
            UUID id = post(tweets, a, "#" + zeta + " then #" + alpha + " then #" + zeta);
            assertThat(values(tweet(id, a).get("hashtags"), "text")).containsExactly(zeta, alpha);
        }

        @Test
        void aMentionResolvesWithTheUserServicesSpellingAndUnknownNamesAreDropped() {
            Account author = register("Mentioner");
            Account first = register("MixedCase");
            Account second = register("Other");
            String unknown = "nobody" + UUID.randomUUID().toString().substring(0, 8);
            UUID id = post(tweets, author, "Hi @" + first.userName().toLowerCase(Locale.ROOT) + ", @" + unknown + " and @"
                    + second.userName() + "; again @" + first.userName().toUpperCase(Locale.ROOT));
            JsonNode mentions = tweet(id, author).get("mentions");
            assertThat(mentions).hasSize(2);
            assertFields(mentions.get(0), List.of("id", "user_id", "text"));
            assertThat(mentions.get(0).get("user_id").asString()).isEqualTo(s(first.id()));
            assertThat(mentions.get(0).get("text").asString()).isEqualTo(first.userName());
            assertThat(mentions.get(1).get("user_id").asString()).isEqualTo(s(second.id()));
            assertThat(mentions.get(1).get("text").asString()).isEqualTo(second.userName());
            UUID.fromString(mentions.get(0).get("id").asString());
        }

        @Test
        void aTweetWithOnlyUnknownMentionsHasNone() {
            Account author = register("Lonely");
            UUID id = post(tweets, author, "Hello @nobody" + UUID.randomUUID().toString().substring(0, 8));
            assertThat(tweet(id, author).get("mentions")).isEmpty();
            assertThat(tweet(id, author).get("hashtags")).isEmpty();
        }

        @Test
        void concurrentTweetsWithOneNewHashtagShareOneRow() {
            Account author = register("Race");
            String tag = uniqueTag("race");
            int n = 6;
            List<Response> responses = atOnce(n, i -> Tweets.create(tweets, author, "Racing #" + tag + " number " + i));
            List<String> hashtagIds = new ArrayList<>();
            for (Response r : responses) {
                UUID id = UUID.fromString(ok(r).get("id").asString());
                JsonNode tags = tweet(id, author).get("hashtags");
                assertThat(tags).hasSize(1);
                hashtagIds.add(tags.get(0).get("id").asString());
            }
            assertThat(hashtagIds).containsOnly(hashtagIds.getFirst());
            JsonNode popular = popular(tag, author);
            assertThat(popular).as("#%s among the popular hashtags", tag).isNotNull();
            assertThat(popular.get("count").asLong()).isEqualTo(n);
            assertThat(popular.get("id").asString()).isEqualTo(hashtagIds.getFirst());
        }
    }

    @Nested
    @DisplayName("PUT /tweets/{tweetId}")
    class Edit {

        @Test
        void replacesContentHashtagsAndMentions() {
            Account author = register("Editor");
            Account before = register("Before");
            Account after = register("After");
            String oldTag = uniqueTag("old");
            String newTag = uniqueTag("new");
            UUID id = post(tweets, author, "First #" + oldTag + " with @" + before.userName());
            Response r = tweets.putJson("/tweets/" + id, content("Second #" + newTag + " with @" + after.userName()),
                    author.token());
            JsonNode edited = ok(r);
            assertFields(edited, TWEET_FIELDS);
            assertThat(edited.get("id").asString()).isEqualTo(s(id));
            assertThat(edited.get("user_id").asString()).isEqualTo(s(author.id()));
            assertThat(edited.get("content").asString()).isEqualTo("Second #" + newTag + " with @" + after.userName());
            assertThat(values(edited.get("hashtags"), "text")).containsExactly(newTag);
            assertThat(values(edited.get("mentions"), "user_id")).containsExactly(s(after.id()));
            assertThat(values(edited.get("mentions"), "text")).containsExactly(after.userName());

            JsonNode read = tweet(id, author);
            assertThat(read.get("content").asString()).isEqualTo(edited.get("content").asString());
            assertThat(read.get("hashtags")).isEqualTo(edited.get("hashtags"));
            assertThat(read.get("mentions")).isEqualTo(edited.get("mentions"));
            assertThat(read.get("created_at").asString()).isEqualTo(edited.get("created_at").asString());
            assertThat(ok(tweets.get("/tweets/search/hashtag/" + oldTag, author.token()))).isEmpty();
            assertThat(ids(ok(tweets.get("/tweets/search/hashtag/" + newTag, author.token())))).containsExactly(s(id));
        }

        @Test
        void isForTheAuthorOnly() {
            Account author = register("Owner");
            Account other = register("Intruder");
            UUID id = post(tweets, author, "Mine and only mine");
            assertError(tweets.putJson("/tweets/" + id, content("Hijacked content"), other.token()), 403, "/tweets/" + id,
                    "You can only change your own tweets");
            assertThat(tweet(id, author).get("content").asString()).isEqualTo("Mine and only mine");
        }

        @Test
        void answers404ForAnUnknownTweet() {
            Account author = register("EdUnknown");
            UUID nothing = UUID.randomUUID();
            assertError(tweets.putJson("/tweets/" + nothing, content("Some new content"), author.token()), 404,
                    "/tweets/" + nothing, "Tweet not found");
        }

        @Test
        void validatesTheContentAndTheId() {
            Account author = register("EdValid");
            UUID id = post(tweets, author, "Original content");
            assertError(tweets.putJson("/tweets/" + id, content("too short"), author.token()), 400, "/tweets/" + id,
                    CONTENT_LENGTH);
            assertError(tweets.putJson("/tweets/" + id, content("0123456789\u0000"), author.token()), 400,
                    "/tweets/" + id, "content must not contain the NUL character");
            assertError(tweets.putJson("/tweets/" + id, "{\"content\":", author.token()), 400, "/tweets/" + id,
                    "Malformed JSON request");
            assertError(tweets.putJson("/tweets/not-a-uuid", content("Some new content"), author.token()), 400,
                    "/tweets/not-a-uuid", "tweetId must be a valid UUID");
            assertThat(tweet(id, author).get("content").asString()).isEqualTo("Original content");
        }

        @Test
        void needsAValidToken() {
            Account author = register("EdTok");
            UUID id = post(tweets, author, "Original content");
            assertTokenRequired(author, token -> tweets.putJson("/tweets/" + id, content("Changed content"), token),
                    "/tweets/" + id);
        }
    }

    @Nested
    @DisplayName("DELETE /tweets/{tweetId}")
    class Delete {

        @Test
        void deletesTheTweetThenAnswers404() {
            Account author = register("Deleter");
            UUID keep = post(tweets, author, "This one stays");
            UUID id = post(tweets, author, "This one goes away");
            noContent(tweets.delete("/tweets/" + id, author.token()));
            assertError(tweets.get("/tweets/" + id, author.token()), 404, "/tweets/" + id, "Tweet not found");
            assertError(tweets.get("/tweets/" + id + "/summary", author.token()), 404, "/tweets/" + id + "/summary",
                    "Tweet not found");
            assertError(tweets.delete("/tweets/" + id, author.token()), 404, "/tweets/" + id, "Tweet not found");
            assertThat(ids(ok(tweets.get("/tweets/user/" + author.id(), author.token())))).containsExactly(s(keep));
        }

        @Test
        void isForTheAuthorOnly() {
            Account author = register("DelOwner");
            Account other = register("DelOther");
            UUID id = post(tweets, author, "Try to delete me");
            assertError(tweets.delete("/tweets/" + id, other.token()), 403, "/tweets/" + id,
                    "You can only change your own tweets");
            tweet(id, author);
        }

        @Test
        void needsAValidTokenAndId() {
            Account author = register("DelTok");
            UUID id = post(tweets, author, "Try to delete me");
            assertTokenRequired(author, token -> tweets.delete("/tweets/" + id, token), "/tweets/" + id);
            assertError(tweets.delete("/tweets/not-a-uuid", author.token()), 400, "/tweets/not-a-uuid",
                    "tweetId must be a valid UUID");
            tweet(id, author);
        }
    }

    @Nested
    @DisplayName("GET /tweets/{tweetId} and the summaries")
    class Read {

        @Test
        void showsTheTweetWithCountsTopReplyAndRepliesNewestFirst() {
            Account author = register("Reader");
            Account fan = register("Fan");
            Account critic = register("Critic");
            UUID id = post(tweets, author, "A tweet with #" + uniqueTag("read") + " in it");
            Interactions.likes(interactions, fan, id);
            UUID liked = Interactions.reply(interactions, critic, id, "first reply");
            UUID newer = Interactions.reply(interactions, fan, id, "second reply");
            assertThat(Interactions.likeReply(interactions, fan, liked).status()).isEqualTo(200);
            Interactions.retweet(interactions, fan, id, null);

            JsonNode t = tweet(id, fan);
            assertFields(t, WITH_REPLIES_FIELDS);
            assertThat(t.get("id").asString()).isEqualTo(s(id));
            assertThat(t.get("user_id").asString()).isEqualTo(s(author.id()));
            assertRecent(t.get("created_at"));
            assertThat(t.get("likes_count").asLong()).isEqualTo(1);
            assertThat(t.get("replies_count").asLong()).isEqualTo(2);
            assertThat(t.get("retweets_count").asLong()).isEqualTo(1);
            JsonNode top = t.get("top_reply");
            assertFields(top, REPLY_FIELDS);
            assertThat(top.get("id").asString()).isEqualTo(s(liked));
            assertThat(top.get("user_id").asString()).isEqualTo(s(critic.id()));
            assertThat(top.get("tweet_id").asString()).isEqualTo(s(id));
            assertThat(top.get("content").asString()).isEqualTo("first reply");
            assertThat(top.get("likes_count").asLong()).isEqualTo(1);
            assertThat(ids(t.get("replies"))).containsExactly(s(newer), s(liked));
            assertFields(t.get("replies").get(0), REPLY_FIELDS);
            assertThat(t.get("replies").get(0).get("likes_count").asLong()).isZero();
        }

        @Test
        void aTweetWithoutInteractionsHasZerosAndNoTopReply() {
            Account author = register("Quiet");
            UUID id = post(tweets, author, "Nobody reacts to this");
            JsonNode t = tweet(id, author);
            assertFields(t, WITH_REPLIES_FIELDS);
            assertThat(t.get("likes_count").asLong()).isZero();
            assertThat(t.get("replies_count").asLong()).isZero();
            assertThat(t.get("retweets_count").asLong()).isZero();
            assertThat(t.get("top_reply").isNull()).isTrue();
            assertThat(t.get("replies")).isEmpty();
        }

        @Test
        void answers404Or400ForUnknownOrBadIds() {
            Account reader = register("Unknown");
            UUID nothing = UUID.randomUUID();
            assertError(tweets.get("/tweets/" + nothing, reader.token()), 404, "/tweets/" + nothing, "Tweet not found");
            assertError(tweets.get("/tweets/" + reader.id(), reader.token()), 404, "/tweets/" + reader.id(),
                    "Tweet not found");
            assertError(tweets.get("/tweets/" + nothing + "/summary", reader.token()), 404,
                    "/tweets/" + nothing + "/summary", "Tweet not found");
            assertError(tweets.get("/tweets/1-2-3-4-5", reader.token()), 400, "/tweets/1-2-3-4-5",
                    "tweetId must be a valid UUID");
            assertError(tweets.get("/tweets/user/not-a-uuid", reader.token()), 400, "/tweets/user/not-a-uuid",
                    "userId must be a valid UUID");
        }

        @Test
        void userSummariesAreBareAndNewestFirst() {
            Account author = register("Bare");
            UUID older = post(tweets, author, "The older tweet #" + uniqueTag("bare"));
            UUID newer = post(tweets, author, "The newer tweet here");
            JsonNode list = ok(tweets.get("/tweets/user/" + author.id() + "/summary", author.token()));
            assertThat(ids(list)).containsExactly(s(newer), s(older));
            assertFields(list.get(0), SUMMARY_FIELDS);
            assertThat(ok(tweets.get("/tweets/user/" + UUID.randomUUID() + "/summary", author.token()))).isEmpty();
        }

        @Test
        void readsNeedAValidToken() {
            Account author = register("ReadTok");
            UUID id = post(tweets, author, "Read me with a token");
            assertTokenRequired(author, token -> tweets.get("/tweets/" + id, token), "/tweets/" + id);
            assertError(tweets.get("/tweets/user/" + author.id(), null), 401, "/tweets/user/" + author.id(),
                    "Missing bearer token");
            assertError(tweets.get("/tweets/" + author.id() + "/feed", null), 401, "/tweets/" + author.id() + "/feed",
                    "Missing bearer token");
            assertError(tweets.get("/tweets/search/abc", null), 401, "/tweets/search/abc", "Missing bearer token");
            assertError(tweets.get("/tweets/hashtag/popular", null), 401, "/tweets/hashtag/popular",
                    "Missing bearer token");
        }
    }

    @Nested
    @DisplayName("GET /tweets/user/{userId}")
    class UserTweets {

        @Test
        void listsTheUsersTweetsNewestFirstEnriched() {
            Account author = register("Lister");
            Account fan = register("ListFan");
            UUID first = post(tweets, author, "Tweet number one");
            UUID second = post(tweets, author, "Tweet number two");
            UUID third = post(tweets, author, "Tweet number three");
            post(tweets, fan, "Not the author's tweet");
            Interactions.likes(interactions, fan, second);
            UUID reply = Interactions.reply(interactions, fan, second, "Nice one");

            JsonNode list = ok(tweets.get("/tweets/user/" + author.id(), fan.token()));
            assertThat(ids(list)).containsExactly(s(third), s(second), s(first));
            list.forEach(t -> assertFields(t, ENRICHED_FIELDS));
            JsonNode middle = list.get(1);
            assertThat(middle.get("likes_count").asLong()).isEqualTo(1);
            assertThat(middle.get("replies_count").asLong()).isEqualTo(1);
            assertThat(middle.get("top_reply").get("id").asString()).isEqualTo(s(reply));
            assertThat(list.get(0).get("likes_count").asLong()).isZero();
            assertThat(list.get(0).get("top_reply").isNull()).isTrue();
        }

        @Test
        void pagesOnlyWhenAsked() {
            Account author = register("Pager");
            List<String> newestFirst = new ArrayList<>();
            for (int i = 0; i < 21; i++) {
                newestFirst.addFirst(s(post(tweets, author, "Paged tweet " + i)));
            }
            String path = "/tweets/user/" + author.id();
            assertThat(ids(ok(tweets.get(path, author.token())))).as("no paging: every row").isEqualTo(newestFirst);
            assertThat(ids(ok(tweets.get(path + "?page=0", author.token())))).as("size defaults to 20")
                    .isEqualTo(newestFirst.subList(0, 20));
            assertThat(ids(ok(tweets.get(path + "?size=5", author.token())))).as("page defaults to 0")
                    .isEqualTo(newestFirst.subList(0, 5));
            assertThat(ids(ok(tweets.get(path + "?page=1&size=5", author.token())))).isEqualTo(newestFirst.subList(5, 10));
            assertThat(ids(ok(tweets.get(path + "?page=4&size=5", author.token())))).isEqualTo(newestFirst.subList(20, 21));
            assertThat(ok(tweets.get(path + "?page=5&size=5", author.token()))).isEmpty();
            assertThat(ok(tweets.get(path + "?page=1000000&size=100", author.token()))).isEmpty();
            assertThat(ids(ok(tweets.get(path + "?page=0&size=100", author.token())))).isEqualTo(newestFirst);
        }

        @ParameterizedTest(name = "?{0} -> 400")
        @CsvSource(delimiter = '|', value = {
                "size=0|size", "size=101|size", "size=2147483648|size", "size=99999999999999999999|size",
                "size=abc|size", "size=1.5|size", "size=|size", "page=-1|page", "page=abc|page", "page=1000001|page",
                "page=0x10|page", "page=-1&size=0|both"})
        void rejectsBadPagingParameters(String query, String which) {
            Account author = register("BadPage");
            String path = "/tweets/user/" + author.id();
            Response r = tweets.get(path + "?" + query, author.token());
            switch (which) {
                case "size" -> assertError(r, 400, path, SIZE);
                case "page" -> assertError(r, 400, path, PAGE);
                default -> assertError(r, 400, path, PAGE, SIZE);
            }
        }

        @ParameterizedTest(name = "?{0} -> 400 Malformed request")
        @ValueSource(strings = {"=null", "page=0&=x", "size=%zz", "page=%C3%28"})
        void rejectsMalformedQueryStrings(String query) {
            // found by the fuzzer: Tomcat threw on the nameless parameter (500), WebFlux ignored it (200)
            Account author = register("BadQuery");
            String path = "/tweets/user/" + author.id();
            assertError(tweets.get(path + "?" + query, author.token()), 400, path, "Malformed request");
        }

        @ParameterizedTest(name = "{0} -> 400 Malformed request")
        @ValueSource(strings = {"/tweets/user/%zz", "/tweets/user/%", "/tweets/%E0%A4%A", "/tweets/search/a%5Cb",
                "/tweets/search/a%2Fb"})
        void rejectsBadPercentEscapesInThePath(String path) {
            // a bad escape in the request line: Tomcat refuses it itself; Reactor Netty's adapter answered an empty 400;
            // an encoded slash or backslash: Tomcat refuses them, the WebFlux variant searched for them (Schemathesis)
            Account author = register("BadEscape");
            Response r = tweets.get(path, author.token());
            assertThat(r.status()).as("%s", r).isEqualTo(400);
            assertThat(r.contentType()).as("%s", r).startsWith("application/json");
            assertThat(r.json().get("errors").get(0).asString()).isEqualTo("Malformed request");
        }

        @Test
        void refusesRequestHeadsOverEightKilobytesAsTomcatDoes() {
            // found by the fuzzer: Reactor Netty refused a request line over 4 KB with 414 and an empty body; every
            // variant (and gateway) now takes up to 8 KB and refuses more with 400 and the contract's body
            Account author = register("LongLine");
            String path = "/tweets/user/" + author.id();
            assertThat(tweets.get(path + "?q=" + "x".repeat(7_000), author.token()).status()).isEqualTo(200);

            Response tooLongLine = tweets.get(path + "?q=" + "x".repeat(9_000), author.token());
            assertThat(tooLongLine.status()).as("%s", tooLongLine).isEqualTo(400);
            assertThat(tooLongLine.contentType()).startsWith("application/json");
            // the server could not read the request line, so it names no path
            assertThat(tooLongLine.json().get("path").asString()).isEmpty();
            assertThat(tooLongLine.json().get("errors").get(0).asString()).isEqualTo("Malformed request");

            assertError(tweets.getWithHeader(path, author.token(), "X-Large", "y".repeat(9_000)), 400, path,
                    "Malformed request");
            // the connection was closed, not poisoned: the next request is answered
            assertThat(tweets.get(path, author.token()).status()).isEqualTo(200);
        }

        @Test
        void withoutPagingListsMoreTweetsThanOneEnrichmentBatchAllEnriched() {
            // The interaction service enriches at most 100 tweets per call (seed 000's users have about 1,000).
            Account author = register("Prolific");
            Account fan = register("ProlificFan");
            List<String> newestFirst = new ArrayList<>();
            for (int i = 0; i < 101; i++) {
                newestFirst.addFirst(s(post(tweets, author, "Prolific tweet " + i)));
            }
            Interactions.likes(interactions, fan, UUID.fromString(newestFirst.getLast()));
            JsonNode list = ok(tweets.get("/tweets/user/" + author.id(), fan.token()));
            assertThat(ids(list)).isEqualTo(newestFirst);
            list.forEach(t -> assertFields(t, ENRICHED_FIELDS));
            assertThat(list.get(100).get("likes_count").asLong()).as("the oldest, in the second batch").isEqualTo(1);
            assertThat(list.get(0).get("likes_count").asLong()).isZero();
        }

        @Test
        void anUnknownUserHasNoTweets() {
            Account reader = register("NoOne");
            assertThat(ok(tweets.get("/tweets/user/" + UUID.randomUUID(), reader.token()))).isEmpty();
        }
    }

    @Nested
    @DisplayName("GET /tweets/{userId}/feed")
    class Feed {

        @Test
        void showsOnlyAcceptedFollowsNewestFirstEnriched() {
            Account reader = register("FeedReader");
            Account followed = register("FeedPub");
            Account pending = registerPrivate("FeedPriv");
            Account stranger = register("FeedStranger");
            Interactions.follows(interactions, reader, followed);
            Interactions.follows(interactions, reader, pending);
            UUID p1 = post(tweets, followed, "Public tweet one");
            post(tweets, pending, "Private tweet, not yet visible");
            post(tweets, stranger, "A stranger's tweet");
            post(tweets, reader, "The reader's own tweet");
            UUID p2 = post(tweets, followed, "Public tweet two");
            Interactions.likes(interactions, reader, p1);
            UUID reply = Interactions.reply(interactions, stranger, p1, "A reply to one");
            Interactions.retweet(interactions, stranger, p1, "Look");

            JsonNode feed = ok(tweets.get("/tweets/" + reader.id() + "/feed", reader.token()));
            assertThat(ids(feed)).containsExactly(s(p2), s(p1));
            feed.forEach(t -> assertFields(t, ENRICHED_FIELDS));
            JsonNode one = feed.get(1);
            assertThat(one.get("user_id").asString()).isEqualTo(s(followed.id()));
            assertThat(one.get("likes_count").asLong()).isEqualTo(1);
            assertThat(one.get("replies_count").asLong()).isEqualTo(1);
            assertThat(one.get("retweets_count").asLong()).isEqualTo(1);
            assertFields(one.get("top_reply"), REPLY_FIELDS);
            assertThat(one.get("top_reply").get("id").asString()).isEqualTo(s(reply));
            assertThat(feed.get(0).get("top_reply").isNull()).isTrue();

            assertThat(ids(ok(tweets.get("/tweets/" + reader.id() + "/feed?page=0&size=1", reader.token()))))
                    .containsExactly(s(p2));
            assertThat(ids(ok(tweets.get("/tweets/" + reader.id() + "/feed?page=1&size=1", reader.token()))))
                    .containsExactly(s(p1));
        }

        @Test
        void isEmptyForSomeoneWhoFollowsNobody() {
            Account loner = register("Loner");
            post(tweets, loner, "Talking to myself");
            assertThat(ok(tweets.get("/tweets/" + loner.id() + "/feed", loner.token()))).isEmpty();
        }

        @Test
        void rejectsBadPagingAndIds() {
            Account reader = register("FeedBad");
            String path = "/tweets/" + reader.id() + "/feed";
            assertError(tweets.get(path + "?size=1000", reader.token()), 400, path, SIZE);
            assertError(tweets.get(path + "?page=-3", reader.token()), 400, path, PAGE);
            assertError(tweets.get("/tweets/not-a-uuid/feed", reader.token()), 400, "/tweets/not-a-uuid/feed",
                    "userId must be a valid UUID");
        }
    }

    @Nested
    @DisplayName("GET /tweets/search/{term} and /tweets/search/hashtag/{term}")
    class Search {

        @Test
        void findsContentsContainingTheTermWithoutRegardToCaseWithTheirAuthor() {
            Account a = register("Finder");
            Account b = register("Finder");
            String stem = Users.uniqueName("Needle");
            UUID older = post(tweets, a, "About " + stem + " here");
            UUID newer = post(tweets, b, "MORE " + stem.toUpperCase(Locale.ROOT) + "!");
            post(tweets, b, "Nothing to see here");
            JsonNode hits = ok(tweets.get("/tweets/search/" + stem.toLowerCase(Locale.ROOT), a.token()));
            assertThat(ids(hits)).containsExactly(s(newer), s(older));
            assertFields(hits.get(0), WITH_USER_FIELDS);
            assertSummary(hits.get(0).get("user"), b, false);
            assertSummary(hits.get(1).get("user"), a, false);
            assertThat(ok(tweets.get("/tweets/search/" + Users.uniqueName("Absent"), a.token()))).isEmpty();
        }

        @Test
        void treatsLikeWildcardsAsPlainCharacters() {
            Account a = register("Wild");
            String stem = Users.uniqueName("Wild");
            UUID underscore = post(tweets, a, "Text " + stem + "_y end");
            post(tweets, a, "Text " + stem + "Qy end");
            UUID percent = post(tweets, a, "Text " + stem + "%y end");
            assertThat(ids(ok(tweets.get("/tweets/search/" + stem + "_", a.token())))).containsExactly(s(underscore));
            assertThat(ids(ok(tweets.get("/tweets/search/" + stem + "%25", a.token())))).containsExactly(s(percent));
            assertThat(ok(tweets.get("/tweets/search/" + stem + "%25%25", a.token()))).isEmpty();
        }

        @Test
        void findsTweetsCarryingAHashtagNewestFirst() {
            Account a = register("HashSearch");
            String tag = uniqueTag("srch");
            UUID older = post(tweets, a, "Old #" + tag + " tweet");
            UUID newer = post(tweets, a, "New #" + tag.toUpperCase(Locale.ROOT) + " tweet");
            post(tweets, a, "Mentions " + tag + " without the sign");
            post(tweets, a, "Longer #" + tag + "x tag");
            List<String> expected = List.of(s(newer), s(older));
            assertThat(ids(ok(tweets.get("/tweets/search/hashtag/" + tag, a.token())))).isEqualTo(expected);
            assertThat(ids(ok(tweets.get("/tweets/search/hashtag/%23" + tag.toUpperCase(Locale.ROOT), a.token()))))
                    .isEqualTo(expected);
            JsonNode first = ok(tweets.get("/tweets/search/hashtag/" + tag, a.token())).get(0);
            assertThat(first.get("user_id").asString()).isEqualTo(s(a.id()));
            assertThat(first.get("content").asString()).isEqualTo("New #" + tag.toUpperCase(Locale.ROOT) + " tweet");
            assertThat(ok(tweets.get("/tweets/search/hashtag/%25", a.token()))).isEmpty();
            assertThat(ok(tweets.get("/tweets/search/hashtag/" + tag.substring(0, 4) + "_", a.token()))).isEmpty();
        }

        /**
         * U+0000 arrives percent-encoded in the path; it is the contract's 400 with the error body, not the server's
         * page. Tomcat refuses such a path before any handler, so every variant answers it at the edge alike.
         */
        @Test
        void rejectsTheNulCharacterInATerm() {
            Account a = register("NulTerm");
            assertError(tweets.get("/tweets/search/ab%00cd", a.token()), 400, "/tweets/search/ab%00cd",
                    StandardErrors.NUL_IN_PATH);
            assertError(tweets.get("/tweets/search/hashtag/ab%00cd", a.token()), 400, "/tweets/search/hashtag/ab%00cd",
                    StandardErrors.NUL_IN_PATH);
            assertError(tweets.get("/tweets/search/ab%00cd", null), 400, "/tweets/search/ab%00cd",
                    StandardErrors.NUL_IN_PATH);
        }

        @Test
        void rejectsOverlongTerms() {
            Account a = register("BadTerm");
            String term = "t".repeat(51);
            assertError(tweets.get("/tweets/search/" + term, a.token()), 400, "/tweets/search/" + term,
                    "Search term must be between 1 and 50 characters");
            assertError(tweets.get("/tweets/search/hashtag/" + term, a.token()), 400, "/tweets/search/hashtag/" + term,
                    "Search term must be between 1 and 50 characters");
        }
    }

    @Nested
    @DisplayName("GET /tweets/hashtag/popular")
    class Popular {

        @Test
        void ranksByCountThenText() {
            Account a = register("Pop");
            String tag = uniqueTag("pop");
            for (int i = 0; i < 3; i++) {
                post(tweets, a, "Popular #" + tag + " tweet " + i);
            }
            JsonNode all = ok(tweets.get("/tweets/hashtag/popular", a.token()));
            List<Long> counts = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            all.forEach(h -> {
                counts.add(h.get("count").asLong());
                texts.add(h.get("text").asString());
            });
            for (int i = 1; i < counts.size(); i++) {
                assertThat(counts.get(i)).as("counts descending").isLessThanOrEqualTo(counts.get(i - 1));
            }
            assertThat(popular(tag, a).get("count").asLong()).isEqualTo(3);
        }
    }

    @Nested
    @DisplayName("Everything else")
    class Other {

        @Test
        void unknownPathsAndMethodsUseTheErrorBody() {
            Account a = register("TwMisc");
            UUID id = post(tweets, a, "Some tweet to patch");
            assertError(tweets.get("/no/such/path", a.token()), 404, "/no/such/path", "Resource not found");
            assertError(tweets.raw("PATCH", "/tweets/" + id, a.token(), null, null), 405, "/tweets/" + id,
                    "Method not allowed");
            assertError(tweets.raw("POST", "/tweets/" + a.id(), a.token(), "content=abcdefghijkl",
                    org.apache.hc.core5.http.ContentType.APPLICATION_FORM_URLENCODED), 415, "/tweets/" + a.id(),
                    "Unsupported media type");
        }

        @Test
        void exposesHealthAndPrometheusMetrics() {
            Response health = tweets.get("/actuator/health", null);
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.json().get("status").asString()).isEqualTo("UP");
            Response metrics = tweets.get("/actuator/prometheus", null);
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.body()).contains("jvm_memory_used_bytes");
        }
    }
}
