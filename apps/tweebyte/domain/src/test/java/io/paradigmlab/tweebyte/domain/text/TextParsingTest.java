package io.paradigmlab.tweebyte.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextParsingTest {

    @Test
    void hashtagsAreLowerCasedAndKeptOncePerText() {
        assertThat(TextParsing.hashtags("#Java and #java, then #Reactive! #java"))
                .containsExactly("java", "reactive");
    }

    @Test
    void tagsInsideWordsOrEmailsAreNotTags() {
        assertThat(TextParsing.hashtags("issue#12 ##double (#ok)")).containsExactly("ok");
        assertThat(TextParsing.mentions("mail me at bob@example.com or @alice_1.")).containsExactly("alice_1");
    }

    @Test
    void mentionsKeepFirstSpellingAndSkipTooShortOrTooLongNames() {
        assertThat(TextParsing.mentions("@Bob_x hi @bob_X and @al and @" + "a".repeat(51)))
                .containsExactly("Bob_x");
    }

    @Test
    void emptyTextHasNothing() {
        assertThat(TextParsing.hashtags("no tags here")).isEmpty();
        assertThat(TextParsing.mentions("")).isEmpty();
    }
}
