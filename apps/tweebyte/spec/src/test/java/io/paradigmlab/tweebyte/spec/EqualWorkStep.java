package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteService;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One request of the equal-work script, as data. Text may refer to values captured by earlier steps as
 * {@code ${name}}: {@code ${alice.id}}, {@code ${tweetA}}. A {@code token} names an account whose token goes in the
 * Authorization header ({@code alice} means {@code ${alice.token}}).
 *
 * @param label     the endpoint as the contract writes it, e.g. {@code POST /tweets/{userId}}; null for a set-up step
 * @param note      what distinguishes this request from others on the endpoint, e.g. {@code cache hit}; may be null
 * @param service   the service the request is sent to
 * @param method    HTTP method
 * @param path      path and query
 * @param token     whose token to send, or null for none
 * @param json      a JSON body, or null
 * @param form      multipart form fields, or null
 * @param expected  the status the request must get
 * @param captures  name to JSON pointer into the answer ({@code /id}, {@code /0/id}); a name ending in
 *                  {@code .token} also captures {@code <account>.id} from the token's {@code user_id} claim
 * @param requires  services the request needs besides its own (a profile needs the tweet and interaction services)
 */
record EqualWorkStep(String label, String note, TweebyteService service, String method, String path, String token,
                     String json, Map<String, String> form, int expected, Map<String, String> captures,
                     Set<TweebyteService> requires) {

    EqualWorkStep {
        captures = Map.copyOf(captures);
        requires = Set.copyOf(requires);
        form = form == null ? null : new LinkedHashMap<>(form);
    }

    /** A measured request on the endpoint {@code label}. */
    static EqualWorkStep measure(String label, TweebyteService service, String method, String path) {
        return new EqualWorkStep(label, null, service, method, path, null, null, null, 200, Map.of(), Set.of());
    }

    /** A request that only prepares data; its work is not measured. */
    static EqualWorkStep setup(TweebyteService service, String method, String path) {
        return new EqualWorkStep(null, null, service, method, path, null, null, null, 200, Map.of(), Set.of());
    }

    boolean measured() {
        return label != null;
    }

    /** The table's row name: label and note. */
    String name() {
        return (label == null ? method + " " + path : label) + (note == null ? "" : " (" + note + ")");
    }

    EqualWorkStep note(String text) {
        return new EqualWorkStep(label, text, service, method, path, token, json, form, expected, captures, requires);
    }

    EqualWorkStep as(String account) {
        return new EqualWorkStep(label, note, service, method, path, account, json, form, expected, captures, requires);
    }

    EqualWorkStep json(String body) {
        return new EqualWorkStep(label, note, service, method, path, token, body, form, expected, captures, requires);
    }

    EqualWorkStep form(Map<String, String> fields) {
        return new EqualWorkStep(label, note, service, method, path, token, json, fields, expected, captures, requires);
    }

    EqualWorkStep expect(int status) {
        return new EqualWorkStep(label, note, service, method, path, token, json, form, status, captures, requires);
    }

    EqualWorkStep capture(String name, String pointer) {
        Map<String, String> more = new LinkedHashMap<>(captures);
        more.put(name, pointer);
        return new EqualWorkStep(label, note, service, method, path, token, json, form, expected, more, requires);
    }

    EqualWorkStep requires(TweebyteService... others) {
        return new EqualWorkStep(label, note, service, method, path, token, json, form, expected, captures,
                Set.copyOf(List.of(others)));
    }
}
