package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.k8s.KubernetesRenderer;
import io.paradigmlab.lab.k8s.KubernetesValidator;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab k8s}: Kubernetes manifests of an application's variants, and their offline validation. */
@Command(name = "k8s", mixinStandardHelpOptions = true,
        description = "Kubernetes manifests of an application's variants (docs/scale-out.md).",
        subcommands = {K8sCommand.Render.class, K8sCommand.Validate.class})
final class K8sCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The default namespace of every object. */
    static final String NAMESPACE = "paradigm-lab";
    /** The default image prefix: a registry on the machine (kind's and minikube's registry add-ons listen there). */
    static final String REGISTRY = "localhost:5000/paradigm-lab";

    @Command(name = "render", mixinStandardHelpOptions = true,
            description = {"Writes the Kubernetes manifests (kustomize) of an application's variants: base/ (PostgreSQL"
                    + " and MariaDB with the databases created and migrated, Redis, the Hyperfoil operator's resource,"
                    + " as the application needs) and one"
                    + " folder per variant (a Deployment and a Service per service, equal resources in every variant,"
                    + " the lab's JVM flags). Apply one variant with: kubectl apply -k DIR/VARIANT.",
                    "The base holds a generated PostgreSQL password and the variant folders any key the application"
                            + " needs: keep the output out of version control (the default is under .lab/)."},
            footer = {"", "Examples:",
                    "  ./lab k8s render tweebyte --variant reactive",
                    "  ./lab k8s render tweebyte --variant all --output /tmp/k8s --image-registry registry.example.org/lab"
                            + " --image-tag 0.1.0",
                    "  kubectl apply -k .lab/k8s/tweebyte/reactive"})
    static final class Render implements java.util.concurrent.Callable<Integer> {

        @Parameters(index = "0", paramLabel = "APP", description = "The application (./lab list).")
        String app;

        @Option(names = "--variant", required = true, paramLabel = "NAME|all",
                description = "The variant to render (./lab list), or all of them.")
        String variant;

        @Option(names = "--output", paramLabel = "DIR",
                description = "Folder to write into (default: .lab/k8s/APP under the current folder).")
        Path output;

        @Option(names = "--namespace", defaultValue = NAMESPACE, paramLabel = "NAME",
                description = "Namespace of every object; the base creates it (default: ${DEFAULT-VALUE}).")
        String namespace;

        @Option(names = "--image-registry", defaultValue = REGISTRY, paramLabel = "PREFIX",
                description = "Prefix of the application images, PREFIX/APP-VARIANT-SERVICE:TAG (ChatApp's:"
                        + " PREFIX/chatapp-VARIANT:TAG) (default: ${DEFAULT-VALUE}; docs/scale-out.md builds and pushes"
                        + " them with Jib).")
        String registry;

        @Option(names = "--image-tag", defaultValue = "latest", paramLabel = "TAG",
                description = "Tag of the application images (default: ${DEFAULT-VALUE}; a fixed tag such as the"
                        + " commit keeps a campaign reproducible).")
        String tag;

        @Option(names = "--validate", description = "Validate the manifests offline afterwards (as ./lab k8s validate).")
        boolean validate;

        @Override
        public Integer call() {
            Application application = Applications.find(app);
            List<String> variants = variant.equals("all")
                    ? application.variants().stream().map(VariantInfo::id).toList()
                    : List.of(application.variant(variant).id());
            if (!tag.matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")) {
                throw new LabException("'" + tag + "' is not an image tag: letters, digits, '_', '.', '-', at most 128");
            }
            Path out = output != null ? output : Path.of(".lab", "k8s", application.id());
            var rendered = new KubernetesRenderer(application, new KubernetesNames(registry, tag), namespace)
                    .render(variants, out);
            PrintStream console = System.out;
            console.println("Kubernetes manifests of " + application.id() + " in namespace " + namespace + ":");
            console.println("  " + rendered.base().toAbsolutePath().normalize() + "  ("
                    + String.join(", ", rendered.baseFiles()) + "; shared by the variants)");
            rendered.variants().forEach((id, folder) -> console.println("  " + folder.toAbsolutePath().normalize()
                    + "  (apply: kubectl apply -k " + folder + ")"));
            console.println("Images to build and push first (docs/scale-out.md, \"Kubernetes\"):");
            rendered.images().forEach((id, images) -> images.forEach(image -> console.println("  " + image)));
            console.println("One variant at a time in a namespace: kubectl delete -k the one before applying the next.");
            return validate && !Validate.check(out) ? 1 : 0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Validates manifests offline, with no cluster: every document of every .yaml file under DIR"
                    + " (but kustomization.yaml) against the Kubernetes schemas (kubernetes-validate from PyPI,"
                    + " strict, Kubernetes " + KubernetesValidator.KUBERNETES_VERSIONS + "), the Hyperfoil resource"
                    + " against the operator CRD's schema. Exits 1 when one is invalid.",
            footer = {"", "Example:", "  ./lab k8s validate .lab/k8s/tweebyte"})
    static final class Validate implements java.util.concurrent.Callable<Integer> {

        @Parameters(index = "0", paramLabel = "DIR", description = "A folder ./lab k8s render wrote.")
        Path folder;

        @Override
        public Integer call() {
            return check(folder) ? 0 : 1;
        }

        static boolean check(Path folder) {
            Path venv;
            try {
                venv = RepoLayout.locate().workDir("k8s-venv");
            } catch (LabException outsideCheckout) {
                venv = Path.of(".lab", "k8s-venv");
            }
            var result = new KubernetesValidator(venv).validate(folder);
            System.out.print(result.output());
            System.out.println(result.valid() ? "Valid." : "INVALID: see the FAIL lines above.");
            return result.valid();
        }
    }
}
