package io.paradigmlab.eshop.webflux.common;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** What the controllers share: JSON answers that skip content negotiation (raw query values: {@code QueryParameters}). */
public final class Requests {

    private Requests() {
    }

    /** A 200 {@code application/json} answer, whatever the {@code Accept} header (as the MVC variants). */
    public static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
