package io.paradigmlab.tweebyte.domain.user;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.text.TextRules;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.regex.Pattern;

/** The contract's rules for accounts: field validation, uniqueness and ownership decisions. */
public final class UserRules {

    public static final int USER_NAME_MIN = 3;
    public static final int USER_NAME_MAX = 50;
    public static final int EMAIL_MAX = 254;
    public static final int BIOGRAPHY_MAX = 500;
    public static final int PASSWORD_MIN = 8;
    /** BCrypt reads at most 72 bytes of a password; a longer one would be silently truncated. */
    public static final int PASSWORD_MAX = 72;

    public static final String USER_NAME_REQUIRED = "User name is required";
    public static final String USER_NAME_LENGTH = "User name must be between 3 and 50 characters";
    public static final String USER_NAME_CHARACTERS = "User name may contain only letters, digits and underscores";
    public static final String EMAIL_REQUIRED = "Email is required";
    public static final String EMAIL_INVALID = "Email must be a valid email address";
    public static final String BIOGRAPHY_LENGTH = "Biography must be at most 500 characters";
    public static final String IS_PRIVATE_INVALID = "isPrivate must be true or false";
    public static final String PASSWORD_REQUIRED = "Password is required";
    public static final String PASSWORD_LENGTH = "Password must be between 8 and 72 characters";
    public static final String PASSWORD_BYTES = "Password must be at most 72 bytes in UTF-8";
    public static final String BIRTH_DATE_REQUIRED = "Birth date is required";
    public static final String BIRTH_DATE_FORMAT = "Birth date must be a valid date in the format dd/MM/yyyy";
    public static final String BIRTH_DATE_PAST = "Birth date must be in the past";
    public static final String USER_NAME_TAKEN = "User name is already taken";
    public static final String EMAIL_TAKEN = "Email is already registered";
    public static final String NOT_OWNER = "You can only change your own account";
    public static final String USER_NOT_FOUND = "User not found";
    public static final String BAD_CREDENTIALS = "Invalid email or password";

    /** Letters, digits and underscores, so that an {@code @mention} in a tweet can name any user. */
    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9_]+");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final DateTimeFormatter BIRTH_DATE =
            DateTimeFormatter.ofPattern("dd/MM/uuuu").withResolverStyle(ResolverStyle.STRICT);

    private UserRules() {
    }

    /** Validates a registration; every failing rule is reported at once. */
    public static NewUser validateRegistration(UserForm form, LocalDate today) {
        rejectNul(form);
        List<String> errors = new ArrayList<>();
        String userName = required(form.userName(), USER_NAME_REQUIRED, errors) ? userName(form.userName(), errors) : null;
        String email = required(form.email(), EMAIL_REQUIRED, errors) ? email(form.email(), errors) : null;
        String biography = biography(form.biography(), errors);
        Boolean isPrivate = form.isPrivate() == null ? Boolean.FALSE : isPrivate(form.isPrivate(), errors);
        String password = required(form.password(), PASSWORD_REQUIRED, errors) ? password(form.password(), errors) : null;
        LocalDate birthDate = required(form.birthDate(), BIRTH_DATE_REQUIRED, errors)
                ? birthDate(form.birthDate(), today, errors) : null;
        throwIfAny(errors);
        return new NewUser(userName, email, biography, isPrivate, password, birthDate);
    }

    /** Validates an update: every field is optional, and a present one follows the registration rule. */
    public static UserChanges validateUpdate(UserForm form, LocalDate today) {
        rejectNul(form);
        List<String> errors = new ArrayList<>();
        String userName = form.userName() == null ? null : userName(form.userName(), errors);
        String email = form.email() == null ? null : email(form.email(), errors);
        String biography = biography(form.biography(), errors);
        Boolean isPrivate = form.isPrivate() == null ? null : isPrivate(form.isPrivate(), errors);
        String password = form.password() == null ? null : password(form.password(), errors);
        LocalDate birthDate = form.birthDate() == null ? null : birthDate(form.birthDate(), today, errors);
        throwIfAny(errors);
        return new UserChanges(userName, email, biography, isPrivate, password, birthDate);
    }

    /** Turns the result of the uniqueness query into a 409, naming each taken field. */
    public static void requireAvailable(boolean userNameTaken, boolean emailTaken) {
        List<String> errors = new ArrayList<>();
        if (userNameTaken) {
            errors.add(USER_NAME_TAKEN);
        }
        if (emailTaken) {
            errors.add(EMAIL_TAKEN);
        }
        if (!errors.isEmpty()) {
            throw new ApiException.Conflict(errors);
        }
    }

    /** Only the account's owner may change it. */
    public static void requireOwner(UUID caller, UUID account) {
        if (!account.equals(caller)) {
            throw new ApiException.Forbidden(NOT_OWNER);
        }
    }

    /**
     * A unique index refused a write that the availability check let through (two requests raced):
     * still a 409, naming the field whose index the database message names.
     */
    public static ApiException.Conflict conflictFromUniqueViolation(String databaseMessage) {
        boolean email = databaseMessage != null && databaseMessage.contains("users_email_key");
        return new ApiException.Conflict(List.of(email ? EMAIL_TAKEN : USER_NAME_TAKEN));
    }

    public static ApiException.NotFound userNotFound() {
        return new ApiException.NotFound(USER_NOT_FOUND);
    }

    public static ApiException.Unauthorized badCredentials() {
        return new ApiException.Unauthorized(BAD_CREDENTIALS);
    }

    /** Email addresses are compared without regard to case: they are stored trimmed and in lower case. */
    public static String normalizeEmail(String email) {
        return email.trim().toLowerCase(Locale.ROOT);
    }

    /** PostgreSQL cannot store U+0000: a field carrying it is a 400 before any other rule is looked at. */
    private static void rejectNul(UserForm form) {
        List<String> errors = new ArrayList<>();
        TextRules.checkNoNul("userName", form.userName(), errors);
        TextRules.checkNoNul("email", form.email(), errors);
        TextRules.checkNoNul("biography", form.biography(), errors);
        TextRules.checkNoNul("isPrivate", form.isPrivate(), errors);
        TextRules.checkNoNul("password", form.password(), errors);
        TextRules.checkNoNul("birthDate", form.birthDate(), errors);
        throwIfAny(errors);
    }

    private static boolean required(String value, String message, List<String> errors) {
        if (value == null || value.isBlank()) {
            errors.add(message);
            return false;
        }
        return true;
    }

    private static String userName(String raw, List<String> errors) {
        String value = raw.trim();
        if (value.length() < USER_NAME_MIN || value.length() > USER_NAME_MAX) {
            errors.add(USER_NAME_LENGTH);
        } else if (!USER_NAME.matcher(value).matches()) {
            errors.add(USER_NAME_CHARACTERS);
        }
        return value;
    }

    private static String email(String raw, List<String> errors) {
        String value = normalizeEmail(raw);
        if (value.length() > EMAIL_MAX || !EMAIL.matcher(value).matches()) {
            errors.add(EMAIL_INVALID);
        }
        return value;
    }

    private static String biography(String raw, List<String> errors) {
        if (raw != null && TextRules.length(raw) > BIOGRAPHY_MAX) {
            errors.add(BIOGRAPHY_LENGTH);
        }
        return raw;
    }

    private static Boolean isPrivate(String raw, List<String> errors) {
        String value = raw.trim().toLowerCase(Locale.ROOT);
        if (!value.equals("true") && !value.equals("false")) {
            errors.add(IS_PRIVATE_INVALID);
            return null;
        }
        return Boolean.valueOf(value);
    }

    private static String password(String raw, List<String> errors) {
        int length = TextRules.length(raw);
        if (length < PASSWORD_MIN || length > PASSWORD_MAX) {
            errors.add(PASSWORD_LENGTH);
        } else if (raw.getBytes(StandardCharsets.UTF_8).length > PASSWORD_MAX) {
            errors.add(PASSWORD_BYTES);
        }
        return raw;
    }

    private static LocalDate birthDate(String raw, LocalDate today, List<String> errors) {
        LocalDate date;
        try {
            date = LocalDate.parse(raw.trim(), BIRTH_DATE);
        } catch (DateTimeParseException e) {
            errors.add(BIRTH_DATE_FORMAT);
            return null;
        }
        if (!date.isBefore(today)) {
            errors.add(BIRTH_DATE_PAST);
        }
        return date;
    }

    private static void throwIfAny(List<String> errors) {
        if (!errors.isEmpty()) {
            throw new ApiException.BadRequest(errors);
        }
    }
}
