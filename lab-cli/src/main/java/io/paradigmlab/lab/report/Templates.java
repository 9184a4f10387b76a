package io.paradigmlab.lab.report;

import io.pebbletemplates.pebble.PebbleEngine;
import io.pebbletemplates.pebble.loader.ClasspathLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The report pages' templates ({@code src/main/resources/report/*.peb}, Pebble) and their one style sheet
 * ({@code report/report.css}), which a page inlines so that it stays one self-contained file. Every value a template
 * prints is escaped with {@link HtmlReport#esc} unless the template marks it {@code raw} (the inlined CSS and the
 * sections other classes render as HTML).
 */
final class Templates {

    private static final String ESCAPING = "lab-html";

    private static final PebbleEngine ENGINE = new PebbleEngine.Builder()
            .loader(classpath())
            .autoEscaping(true)
            .addEscapingStrategy(ESCAPING, HtmlReport::esc)
            .defaultEscapingStrategy(ESCAPING)
            .strictVariables(false)
            .newLineTrimming(true)
            .cacheActive(true)
            .build();

    private static final String CSS = resource("report/report.css");

    private Templates() {
    }

    private static ClasspathLoader classpath() {
        ClasspathLoader loader = new ClasspathLoader(Templates.class.getClassLoader());
        loader.setSuffix(".peb");
        return loader;
    }

    /** Renders {@code report/<name>.peb} with {@code model}. */
    static String render(String name, Map<String, Object> model) {
        StringWriter out = new StringWriter(1 << 16);
        try {
            ENGINE.getTemplate("report/" + name).evaluate(out, model);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot render the template report/" + name, e);
        }
        return out.toString();
    }

    /** The pages' style sheet, to inline. */
    static String css() {
        return CSS;
    }

    private static String resource(String path) {
        try (InputStream in = Templates.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + path);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
