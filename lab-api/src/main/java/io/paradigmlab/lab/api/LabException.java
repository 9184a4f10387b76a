package io.paradigmlab.lab.api;

/** A failure the user can act on: its message is printed as it is, without a stack trace. */
public class LabException extends RuntimeException {

    public LabException(String message) {
        super(message);
    }

    public LabException(String message, Throwable cause) {
        super(message, cause);
    }
}
