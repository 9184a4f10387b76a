package io.paradigmlab.lab.app;

import io.paradigmlab.lab.api.Application;

import io.paradigmlab.lab.api.LabException;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;

/** The applications on the class path (each application's lab module registers one with ServiceLoader). */
public final class Applications {

    private Applications() {
    }

    public static List<Application> all() {
        return ServiceLoader.load(Application.class).stream().map(ServiceLoader.Provider::get)
                .sorted(Comparator.comparing(Application::id)).toList();
    }

    /** @throws LabException listing the known applications when {@code id} is none of them */
    public static Application find(String id) {
        List<Application> all = all();
        return all.stream().filter(a -> a.id().equals(id)).findFirst().orElseThrow(() -> new LabException(
                "Unknown application '" + id + "': " + (all.isEmpty() ? "no application is on the class path"
                        + " (build with ./lab build)" : "choose one of " + String.join(", ",
                        all.stream().map(Application::id).toList())) + "; ./lab list shows them"));
    }
}
