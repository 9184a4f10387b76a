package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * picocli formats descriptions with {@code String.format}: a lone {@code %} breaks the whole block, which it then
 * prints raw with a warning, its {@code %%} and {@code %n} left in the text. The descriptions that need a percent
 * sign write {@code %%}; a lone one added beside them shows here as a doubled one.
 */
class UsageTextTest {

    @Test
    void everyCommandsHelpIsFormatted() {
        CommandLine cli = new CommandLine(new LabCli());
        assertThat(cli.getUsageMessage()).doesNotContain("%n").doesNotContain("%%");
        cli.getSubcommands().forEach((name, command) -> assertThat(command.getUsageMessage()).as(name)
                .doesNotContain("%n").doesNotContain("%%"));
        assertThat(text(cli, "compare")).contains("with 95% intervals")
                .contains("--fail-if 'throughput<-5%,p99>+10%'");
        assertThat(text(cli, "run")).contains("above 5 % and p99 drift above 20 %");
        // the steady-state knobs, with their defaults
        assertThat(text(cli, "run")).contains("--warmup=adaptive|DURATION", "--warmup-cap=DURATION",
                "(default: 120s)", "--steady-jit-share=SHARE", "(default: 0.05)", "--steady-band=SHARE",
                "(default: 0.10)");
    }

    /** A command's help on one line: picocli wraps it at 80 columns. */
    private static String text(CommandLine cli, String command) {
        return cli.getSubcommands().get(command).getUsageMessage().replaceAll("\\s+", " ");
    }
}
