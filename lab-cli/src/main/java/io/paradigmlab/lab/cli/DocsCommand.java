package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.report.DocIncludes;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ./lab docs}: the result files the docs include, copied in or checked. */
@Command(name = "docs", mixinStandardHelpOptions = true,
        description = "Copies the result files the docs include (between <!-- result: PATH --> and <!-- /result -->,"
                + " PATH relative to the checkout, e.g. a campaign's soak.md committed under docs/results/) into"
                + " every page of docs/, or with --check lists the blocks that differ from their files.",
        footer = {"", "Examples:",
                "  cp runs/<campaign>/soak.md docs/results/<campaign>/ && ./lab docs",
                "  ./lab docs --check   (exit 1 when a page's numbers differ from its result files)"})
final class DocsCommand implements java.util.concurrent.Callable<Integer> {

    @Option(names = "--check", description = "Change nothing; exit 1 when a block differs from its file.")
    boolean check;

    @Override
    public Integer call() {
        RepoLayout repo = RepoLayout.locate();
        var pages = DocIncludes.pages(repo.root());
        if (check) {
            List<DocIncludes.Stale> stale = DocIncludes.check(repo.root(), pages);
            if (!stale.isEmpty()) {
                System.err.println("lab: the docs differ from the result files they include:\n  "
                        + String.join("\n  ", stale.stream().map(Object::toString).toList())
                        + "\n./lab docs copies them in.");
                return 1;
            }
            System.out.println("Every included result file matches its page (" + pages.size() + " pages).");
            return 0;
        }
        int changed = DocIncludes.write(repo.root(), pages);
        System.out.println(changed == 0 ? "The docs already include their result files as they are."
                : "Copied " + changed + " result file(s) into the docs.");
        return 0;
    }
}
