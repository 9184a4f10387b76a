package io.paradigmlab.lab.results;

import java.util.List;
import java.util.Map;

/**
 * The check run before any load: each variant served the scenario's requests once, one at a time, on the
 * same data; their normalized responses were compared, and for the launched variants the work each request did.
 *
 * @param passed      whether every variant answered the same and every launched variant did the same work
 * @param requests    the requests of the scenario's first iterations, in order
 * @param differences what differed, one line each (empty when passed)
 * @param notes       what could not be checked and why (e.g. an external target's SQL cannot be counted)
 */
public record Verification(boolean passed, List<Request> requests, List<String> differences, List<String> notes) {

    /**
     * One request, as the first variant sent it.
     *
     * @param request  method and path with ids as placeholders, e.g. {@code POST /follows/{id}/{id}}
     * @param service  the service it was sent to
     * @param status   the status every variant answered (or the first one's, when they differ)
     * @param work     what it caused, per kind of work and item, e.g. {@code sql tweebyte_tweet: SELECT ...},
     *                 {@code call interaction POST /recommendations/tweet/summary}, {@code redis GET}, with the count
     *                 (the same on every launched variant when the check passed)
     */
    public record Request(String request, String service, int status, Map<String, Long> work) {
    }
}
