package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.reaper.OrphanReaper;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./lab}: the Paradigm Lab command line. */
@Command(name = "lab", mixinStandardHelpOptions = true, version = "Paradigm Lab 0.1",
        description = "Runs the reference applications in each concurrency paradigm on real infrastructure.",
        subcommands = {ListCommand.class, UpCommand.class, RunCommand.class, DemoCommand.class, CompareCommand.class,
                K8sCommand.class, DocsCommand.class})
public final class LabCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        // before any command: stop what a killed lab process left running (its ports, its data folders)
        OrphanReaper.reapLeftovers(System.err);
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LabCli());
        cli.setExecutionExceptionHandler((e, line, parsed) -> {
            if (e instanceof LabException) {
                line.getErr().println(line.getColorScheme().errorText("lab: " + e.getMessage()));
                return 2;
            }
            throw e;
        });
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
