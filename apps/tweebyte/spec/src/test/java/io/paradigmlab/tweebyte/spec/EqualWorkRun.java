package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.lab.verify.Work;
import io.paradigmlab.lab.verify.WorkMeter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.core5.http.ContentType;
import tools.jackson.databind.JsonNode;

/** Replays the equal-work script on one deployment, measuring each measured step's work. */
final class EqualWorkRun {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.]+)}");

    /** What happened to one step on one variant. */
    record Result(EqualWorkStep step, boolean ran, int status, String body, Work work, String skipped) {

        boolean asExpected() {
            return ran && status == step.expected();
        }
    }

    /** The step needs a value an earlier step should have captured, or a service this checkout lacks. */
    private static final class Skip extends Exception {
        Skip(String reason) {
            super(reason, null, false, false);
        }
    }

    private final TweebyteDeployment deployment;
    private final WorkMeter meter;
    private final Map<String, String> values = new HashMap<>();

    private EqualWorkRun(TweebyteDeployment deployment, WorkMeter meter) {
        this.deployment = deployment;
        this.meter = meter;
    }

    static List<Result> run(List<EqualWorkStep> steps, TweebyteDeployment deployment, WorkMeter meter) {
        EqualWorkRun run = new EqualWorkRun(deployment, meter);
        List<Result> results = new ArrayList<>();
        for (EqualWorkStep step : steps) {
            results.add(run.step(step));
        }
        return results;
    }

    /** Whether a skip reason says a service's module is missing from the checkout (not a failure of the run). */
    static boolean missingModule(String reason) {
        return reason != null && reason.startsWith("no ");
    }

    private Result step(EqualWorkStep step) {
        try {
            for (TweebyteService needed : needs(step)) {
                if (!deployment.isRunning(needed)) {
                    throw new Skip("no " + needed.id() + " service in this checkout");
                }
            }
            String path = resolve(step.path());
            String json = step.json() == null ? null : resolve(step.json());
            Map<String, String> form = null;
            if (step.form() != null) {
                form = new LinkedHashMap<>();
                for (var field : step.form().entrySet()) {
                    form.put(field.getKey(), resolve(field.getValue()));
                }
            }
            String token = step.token() == null ? null : resolve("${" + step.token() + ".token}");
            Http http = new Http(deployment.url(step.service()));
            if (step.measured()) {
                meter.reset();
            }
            Response response = send(http, step.method(), path, token, json, form);
            Work work = step.measured() ? meter.settle() : null;
            if (response.status() == step.expected()) {
                capture(step, response);
            }
            return new Result(step, true, response.status(), response.body(), work, null);
        } catch (Skip e) {
            return new Result(step, false, 0, null, null, e.getMessage());
        }
    }

    private static List<TweebyteService> needs(EqualWorkStep step) {
        List<TweebyteService> all = new ArrayList<>();
        all.add(step.service());
        all.addAll(step.requires());
        return all;
    }

    private static Response send(Http http, String method, String path, String token, String json,
                                 Map<String, String> form) {
        if (form != null) {
            return switch (method) {
                case "POST" -> http.postMultipart(path, form, token);
                case "PUT" -> http.putMultipart(path, form, token);
                default -> throw new IllegalArgumentException("multipart with " + method);
            };
        }
        return http.raw(method, path, token, json, json == null ? null : ContentType.APPLICATION_JSON);
    }

    private void capture(EqualWorkStep step, Response response) {
        for (var capture : step.captures().entrySet()) {
            JsonNode node = response.json().at(capture.getValue());
            if (node.isMissingNode() || node.isNull()) {
                continue;
            }
            String value = node.asString();
            values.put(capture.getKey(), value);
            if (capture.getKey().endsWith(".token")) {
                String account = capture.getKey().substring(0, capture.getKey().length() - ".token".length());
                values.put(account + ".id", userId(value));
            }
        }
    }

    private static String userId(String jwt) {
        String[] parts = jwt.split("\\.");
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        return Response.JSON.readTree(claims).get("user_id").asString();
    }

    private String resolve(String text) throws Skip {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new Skip("needs ${" + m.group(1) + "}, which an earlier step did not capture");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        m.appendTail(out);
        return out.toString();
    }
}
