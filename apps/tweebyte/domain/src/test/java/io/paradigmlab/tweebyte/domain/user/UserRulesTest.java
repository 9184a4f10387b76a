package io.paradigmlab.tweebyte.domain.user;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import java.time.LocalDate;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class UserRulesTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 21);

    private static UserForm valid() {
        return new UserForm("alice_1", " Alice@Example.COM ", "Hi", null, "password1", "01/02/1990");
    }

    @Test
    void acceptsAValidRegistrationAndNormalizesEmail() {
        NewUser user = UserRules.validateRegistration(valid(), TODAY);
        assertThat(user.userName()).isEqualTo("alice_1");
        assertThat(user.email()).isEqualTo("alice@example.com");
        assertThat(user.isPrivate()).isFalse();
        assertThat(user.birthDate()).isEqualTo(LocalDate.of(1990, 2, 1));
    }

    @Test
    void reportsEveryMissingRequiredFieldAtOnce() {
        assertThatThrownBy(() -> UserRules.validateRegistration(new UserForm(null, "", null, null, null, null), TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> {
                    assertThat(e.status()).isEqualTo(400);
                    assertThat(e.errors()).containsExactly(UserRules.USER_NAME_REQUIRED, UserRules.EMAIL_REQUIRED,
                            UserRules.PASSWORD_REQUIRED, UserRules.BIRTH_DATE_REQUIRED);
                });
    }

    @Test
    void enforcesLengthsAndFormats() {
        UserForm bad = new UserForm("ab", "nope", "x".repeat(501), "maybe", "short", "31/02/1990");
        assertThatThrownBy(() -> UserRules.validateRegistration(bad, TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors()).containsExactly(
                        UserRules.USER_NAME_LENGTH, UserRules.EMAIL_INVALID, UserRules.BIOGRAPHY_LENGTH,
                        UserRules.IS_PRIVATE_INVALID, UserRules.PASSWORD_LENGTH, UserRules.BIRTH_DATE_FORMAT));
    }

    @Test
    void boundariesAreInclusive() {
        UserForm edge = new UserForm("a".repeat(50), "a@b.co", "x".repeat(500), "TRUE", "p".repeat(72), "20/11/2026");
        NewUser user = UserRules.validateRegistration(edge, TODAY);
        assertThat(user.isPrivate()).isTrue();
        assertThatThrownBy(() -> UserRules.validateRegistration(
                new UserForm("a".repeat(51), "a@b.co", null, null, "p".repeat(73), "21/11/2026"), TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors()).containsExactly(
                        UserRules.USER_NAME_LENGTH, UserRules.PASSWORD_LENGTH, UserRules.BIRTH_DATE_PAST));
    }

    @Test
    void rejectsCharactersThatCannotBeMentionedAndPasswordsOverBcryptsLimit() {
        assertThatThrownBy(() -> UserRules.validateRegistration(
                new UserForm("bad name", "a@b.co", null, null, "é".repeat(40), "01/01/2000"), TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors())
                        .containsExactly(UserRules.USER_NAME_CHARACTERS, UserRules.PASSWORD_BYTES));
    }

    @Test
    void lengthsCountCodePointsAsTheDocumentsMinAndMaxLengthDo() {
        String emoji = "\uD83D\uDE00"; // one code point, two UTF-16 units, four UTF-8 bytes
        UserForm eight = new UserForm("alice_1", "a@b.co", emoji.repeat(500), null, emoji.repeat(8), "01/01/2000");
        assertThat(UserRules.validateRegistration(eight, TODAY).biography()).hasSize(1_000);
        assertThatThrownBy(() -> UserRules.validateRegistration(
                new UserForm("alice_1", "a@b.co", emoji.repeat(501), null, emoji.repeat(7), "01/01/2000"), TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors())
                        .containsExactly(UserRules.BIOGRAPHY_LENGTH, UserRules.PASSWORD_LENGTH));
    }

    @Test
    void updateValidatesOnlyPresentFields() {
        UserChanges none = UserRules.validateUpdate(new UserForm(null, null, null, null, null, null), TODAY);
        assertThat(none).isEqualTo(new UserChanges(null, null, null, null, null, null));
        UserChanges some = UserRules.validateUpdate(new UserForm(null, null, "new bio", "false", null, null), TODAY);
        assertThat(some.biography()).isEqualTo("new bio");
        assertThat(some.isPrivate()).isFalse();
        assertThat(some.changesPassword()).isFalse();
        assertThatThrownBy(() -> UserRules.validateUpdate(new UserForm("x", null, null, null, null, "1990-01-01"), TODAY))
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors())
                        .containsExactly(UserRules.USER_NAME_LENGTH, UserRules.BIRTH_DATE_FORMAT));
    }

    @Test
    void conflictsNameEachTakenField() {
        UserRules.requireAvailable(false, false);
        assertThatThrownBy(() -> UserRules.requireAvailable(true, true))
                .isInstanceOfSatisfying(ApiException.Conflict.class, e -> {
                    assertThat(e.status()).isEqualTo(409);
                    assertThat(e.errors()).containsExactly(UserRules.USER_NAME_TAKEN, UserRules.EMAIL_TAKEN);
                });
    }

    @Test
    void onlyTheOwnerMayChangeAnAccount() {
        UUID me = UUID.randomUUID();
        UserRules.requireOwner(me, me);
        assertThatThrownBy(() -> UserRules.requireOwner(me, UUID.randomUUID()))
                .isInstanceOf(ApiException.Forbidden.class);
    }

    @Test
    void loginNeedsBothFieldsAndNormalizesEmail() {
        assertThat(new Credentials(" A@B.co ", "pw").validated()).isEqualTo(new Credentials("a@b.co", "pw"));
        assertThatThrownBy(() -> new Credentials(null, "").validated())
                .isInstanceOfSatisfying(ApiException.BadRequest.class, e -> assertThat(e.errors())
                        .containsExactly(UserRules.EMAIL_REQUIRED, UserRules.PASSWORD_REQUIRED));
    }

    @Test
    void searchEscapesLikeWildcards() {
        assertThat(UserSearch.containsPattern("a_b%c\\")).isEqualTo("%a\\_b\\%c\\\\%");
        assertThatThrownBy(() -> UserSearch.containsPattern(" ")).isInstanceOf(ApiException.BadRequest.class);
        assertThatThrownBy(() -> UserSearch.containsPattern("x".repeat(51))).isInstanceOf(ApiException.BadRequest.class);
    }
}
