package io.paradigmlab.lab.api;

/** A paradigm variant of an application: {@code async}, {@code virtual}, {@code reactive}, ... */
public record VariantInfo(String id, String description) {
}
