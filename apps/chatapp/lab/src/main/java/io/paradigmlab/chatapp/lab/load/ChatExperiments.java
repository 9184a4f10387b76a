package io.paradigmlab.chatapp.lab.load;

import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.LabException;
import java.util.List;
import java.util.Map;

/**
 * ChatApp's scenarios: the thesis's fixed-work experiments (spec sections 2.2, 4.3, 4.4), each a Gatling simulation
 * of {@code apps/chatapp/load} run in a JVM of its own by {@link GatlingExperiment}. C is the 50/50 mix; C.io and
 * C.cpu are the 70/30 and 30/70 mixes of I/O and CPU users.
 */
public final class ChatExperiments {

    /** The service every experiment talks to. */
    public static final String SERVICE = "chat";

    /** User counts a campaign runs by default; the thesis's ladder (10 ... 1000) is one {@code --levels} away. */
    static final List<Integer> AB_USERS = List.of(10, 40, 100);
    static final List<Integer> C_USERS = List.of(100);

    /**
     * One experiment.
     *
     * @param id           the scenario id
     * @param description  one line for {@code ./lab list} and the report
     * @param simulation   the load's {@code --scenario}
     * @param mix          C: the percentage of I/O users, else null
     * @param stateless    whether the server must run {@code stateless=true} (logins write nothing)
     * @param writes       whether the experiment changes data
     * @param defaultUsers the user counts run when none are given
     * @param simulationClass the Gatling simulation (for the record)
     */
    record Definition(String id, String description, String simulation, Integer mix, boolean stateless,
                      boolean writes, List<Integer> defaultUsers, String simulationClass) {
    }

    static final List<Definition> DEFINITIONS = List.of(
            new Definition("A.1", "I/O, stateless: every user connects, logs in and closes (no writes: the server"
                    + " runs stateless)", "A.1", null, true, false, AB_USERS, "LoginSimulation"),
            new Definition("A.2", "I/O, stateful: every user edits the same public message; each edit fans out to"
                    + " everyone else (N(N-1) edited frames, final version N)", "A.2", null, false, true, AB_USERS,
                    "SharedEditSimulation"),
            new Definition("B.1", "CPU, stateless: one user broadcasts a 1000-word line, every receiver counts its"
                    + " palindromes on the server (pal)", "B.1", null, true, true, AB_USERS,
                    "BroadcastPalSimulation"),
            new Definition("B.2", "CPU, stateful: one user unicasts a fresh 1000-word line to each receiver, which"
                    + " counts its palindromes and appends the count to a shared broadcast", "B.2", null, false,
                    true, AB_USERS, "UnicastPalEditSimulation"),
            new Definition("C", "mixed: 200 operations per user, 50% of the users do I/O (sends, edits), 50% CPU"
                    + " (pal on the seeded lines)", "C", 50, false, true, C_USERS, "MixedSimulation"),
            new Definition("C.io", "mixed as C, 70% I/O users and 30% CPU users", "C", 70, false, true, C_USERS,
                    "MixedSimulation"),
            new Definition("C.cpu", "mixed as C, 30% I/O users and 70% CPU users", "C", 30, false, true, C_USERS,
                    "MixedSimulation"));

    private ChatExperiments() {
    }

    /** A.1, A.2, B.1, B.2, C (= the 50/50 mix), C.io (70/30), C.cpu (30/70). */
    public static List<ScenarioInfo> scenarios() {
        return DEFINITIONS.stream().map(d -> new ScenarioInfo(d.id(), d.description(),
                "gatling:io.paradigmlab.chatapp.load." + d.simulationClass(), List.of(SERVICE), d.writes())).toList();
    }

    /**
     * The experiment of a scenario.
     *
     * @throws LabException for an unknown id, naming the known ones
     */
    public static Experiment of(String scenarioId) {
        return new GatlingExperiment(definition(scenarioId));
    }

    static Definition definition(String scenarioId) {
        return DEFINITIONS.stream().filter(d -> d.id().equals(scenarioId)).findFirst()
                .orElseThrow(() -> new LabException("ChatApp has no scenario '" + scenarioId + "': choose one of "
                        + String.join(", ", DEFINITIONS.stream().map(Definition::id).toList())));
    }

    /** The launch settings of an experiment (over the campaign's). */
    static Map<String, String> launchSettings(Definition d) {
        return d.stateless() ? Map.of("stateless", "true") : Map.of();
    }
}
