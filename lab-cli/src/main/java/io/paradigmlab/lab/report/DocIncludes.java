package io.paradigmlab.lab.report;

import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Numbers in the docs come from result files: a Markdown page includes a result file's text between
 * {@code <!-- result: PATH -->} and {@code <!-- /result -->} (PATH relative to the checkout, e.g. a campaign's
 * {@code soak.md} committed under {@code docs/results/<campaign>/}). {@link #write} copies each file's current text
 * in; {@link #check} lists every block that differs from its file, so a test can fail when someone edits a number by
 * hand or a result file changes without its page.
 */
public final class DocIncludes {

    static final Pattern BLOCK = Pattern.compile(
            "<!-- result: (?<path>[^ ]+?) -->\\n(?<body>.*?)<!-- /result -->", Pattern.DOTALL);

    /** One included block that does not match its file. */
    public record Stale(Path page, String file, String reason) {
        @Override
        public String toString() {
            return page.getFileName() + ": " + file + " " + reason;
        }
    }

    private DocIncludes() {
    }

    /** Every Markdown page under {@code docs/}. */
    public static List<Path> pages(Path root) {
        Path docs = root.resolve("docs");
        if (!Files.isDirectory(docs)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(docs)) {
            return files.filter(p -> p.toString().endsWith(".md")).sorted().toList();
        } catch (IOException e) {
            throw new LabException("Cannot list " + docs + ": " + e.getMessage(), e);
        }
    }

    /** The blocks of {@code pages} that differ from their result files (or whose file is missing). */
    public static List<Stale> check(Path root, List<Path> pages) {
        List<Stale> stale = new ArrayList<>();
        for (Path page : pages) {
            Matcher m = BLOCK.matcher(read(page));
            while (m.find()) {
                Path file = root.resolve(m.group("path")).normalize();
                if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                    stale.add(new Stale(page, m.group("path"), "is not a file of the checkout"));
                } else if (!m.group("body").equals(withNewline(read(file)))) {
                    stale.add(new Stale(page, m.group("path"), "differs from the text the page includes"));
                }
            }
        }
        return stale;
    }

    /** Copies every included file's text into its block; returns how many blocks changed. */
    public static int write(Path root, List<Path> pages) {
        int changed = 0;
        for (Path page : pages) {
            String text = read(page);
            Matcher m = BLOCK.matcher(text);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                Path file = root.resolve(m.group("path")).normalize();
                if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                    throw new LabException(page + " includes " + m.group("path") + ", which is not a file of the"
                            + " checkout");
                }
                String body = withNewline(read(file));
                if (!body.equals(m.group("body"))) {
                    changed++;
                }
                m.appendReplacement(out, Matcher.quoteReplacement(
                        "<!-- result: " + m.group("path") + " -->\n" + body + "<!-- /result -->"));
            }
            m.appendTail(out);
            if (!out.toString().equals(text)) {
                try {
                    Files.writeString(page, out.toString(), StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new LabException("Cannot write " + page + ": " + e.getMessage(), e);
                }
            }
        }
        return changed;
    }

    private static String withNewline(String text) {
        return text.endsWith("\n") ? text : text + "\n";
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LabException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
