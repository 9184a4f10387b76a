package io.paradigmlab.chatapp.domain;

import static io.paradigmlab.chatapp.domain.OutgoingTest.expect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Nicknames, passwords (S1), hashing (W10), text fields and the seeded users. */
class RulesTest {

    @ParameterizedTest
    @ValueSource(strings = {"abc12", "abcdef1", "abc!def", "12345!", "abcdef", "a1!", "", "Sec#1"})
    void weak_passwords(String password) {
        assertThat(PasswordRules.isStrong(password)).isFalse();
        expect(ErrorCode.WEAK_PASSWORD, () -> PasswordRules.require(password));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Secret#1", "abc!d1", "pässwörd 1", "Ab1-Ab1-Ab1-Ab1"})
    void strong_passwords(String password) {
        assertThatCode(() -> PasswordRules.require(password)).doesNotThrowAnyException();
    }

    @Test
    void password_length_bounds() {
        assertThat(PasswordRules.isStrong("a1!" + "x".repeat(125))).isTrue();
        assertThat(PasswordRules.isStrong("a1!" + "x".repeat(126))).isFalse();
        assertThat(PasswordRules.isStrong(null)).isFalse();
    }

    @Test
    void sha256_hex() {
        assertThat(Passwords.sha256Hex("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(Passwords.sha256Hex(""))
                .isEqualTo("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assertThat(Passwords.sha256Hex("Secret#1")).hasSize(64).matches("[0-9a-f]{64}");
        assertThat(Passwords.matches("abc", Passwords.sha256Hex("abc"))).isTrue();
        assertThat(Passwords.matches("abd", Passwords.sha256Hex("abc"))).isFalse();
        assertThat(Passwords.matches("abc", null)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "user_1", "A_b_9", "abcdefghijklmnopqrstuvwxyz012345"})
    void valid_nicks(String nick) {
        assertThat(Nicknames.isValid(nick)).isTrue();
        assertThat(Nicknames.VALID.matcher(nick).matches()).isTrue();
        assertThatCode(() -> Nicknames.require(nick)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a b", "bob!", "b-b", "é", "abcdefghijklmnopqrstuvwxyz0123456", "@bob"})
    void invalid_nicks(String nick) {
        assertThat(Nicknames.isValid(nick)).isFalse();
        assertThat(Nicknames.VALID.matcher(nick).matches()).isFalse();
        expect(ErrorCode.BAD_NICK, () -> Nicknames.require(nick));
    }

    @Test
    void text_rules() {
        assertThatCode(() -> TextRules.requireText("first", "Ana \uD83D\uDE00", 64)).doesNotThrowAnyException();
        assertThatCode(() -> TextRules.requireText("first", "x".repeat(64), 64)).doesNotThrowAnyException();
        assertThatCode(() -> TextRules.requireText("first", "", 64)).doesNotThrowAnyException();
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "x".repeat(65), 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "a\u0000", 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "a\uD83D", 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "\uDE00a", 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "\uD83Da", 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", "\uDE00\uD83D", 64));
        expect(ErrorCode.BAD_REQUEST, () -> TextRules.requireText("first", null, 64));
    }

    @Test
    void seed_users() {
        assertThat(SeedUsers.nick(1)).isEqualTo("user_1");
        assertThat(SeedUsers.password(1100)).isEqualTo("Secret#1100");
        assertThat(SeedUsers.first(7)).isEqualTo("First7");
        assertThat(SeedUsers.last(7)).isEqualTo("Last7");
        assertThat(SeedUsers.passwordHash(3)).isEqualTo(Passwords.sha256Hex("Secret#3"));
        for (int i = 1; i <= 1100; i++) {
            assertThat(Nicknames.isValid(SeedUsers.nick(i))).isTrue();
            assertThat(PasswordRules.isStrong(SeedUsers.password(i))).isTrue();
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SeedUsers.nick(0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
