package io.paradigmlab.chatapp.load;

import static io.gatling.javaapi.core.CoreDsl.repeat;

import java.util.Map;

/**
 * Experiment A.1 (I/O, stateless; spec 2.2 and 4.4): every user connects, logs in and closes, {@code logins} times
 * (1 is the thesis; 200 the ext variant). The server runs {@code stateless} (the experiment's launch settings), so a
 * login only reads the user's row: no inserts, no updates. No fan-out.
 */
public class LoginSimulation extends ChatSimulation {

    public LoginSimulation() {
        run("A.1 login", repeat(params.logins()).on(connect().exec(login()).exec(close())), null);
    }

    @Override
    protected Map<String, Long> expectedWork() {
        return work("logins", (long) n * params.logins(), "sends", 0, "edits", 0, "pal", 0, "deliveries", 0);
    }
}
