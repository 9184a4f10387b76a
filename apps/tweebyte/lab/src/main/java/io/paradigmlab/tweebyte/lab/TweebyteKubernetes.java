package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.KubernetesVariant.Container;
import io.paradigmlab.lab.api.KubernetesVariant.Role;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a Tweebyte variant runs on Kubernetes ({@code ./lab k8s render tweebyte}, docs/scale-out.md): its three services
 * and its gateway, with the program arguments {@link TweebyteDeployment} gives the JVMs it starts, but with the
 * cluster's names for PostgreSQL, Redis and the other services, and a key pair made for this rendering in a Secret.
 * Security is off, as in the lab's campaigns ({@code ./lab run --security off}): a campaign's load carries no token.
 */
final class TweebyteKubernetes {

    static final String PRIVATE_KEY = "token-private.pem";
    static final String PUBLIC_KEY = "token-public.pem";
    /** The gateway's port in the contract (and in {@link TweebyteApplication#gateway()}). */
    static final int GATEWAY_PORT = 8080;

    private TweebyteKubernetes() {
    }

    static KubernetesVariant variant(TweebyteVariant variant, KubernetesNames names) {
        List<Container> containers = new ArrayList<>();
        for (TweebyteService service : TweebyteService.values()) {
            containers.add(new Container(service.id(),
                    names.image(TweebyteApplication.ID, variant.id(), service.id()), service.defaultPort(),
                    Role.SERVICE, serviceArgs(service, names)));
        }
        containers.add(new Container(TweebyteDeployment.GATEWAY,
                names.image(TweebyteApplication.ID, variant.id(), TweebyteDeployment.GATEWAY), GATEWAY_PORT,
                Role.GATEWAY, gatewayArgs(names)));
        return new KubernetesVariant(containers, true, keys());
    }

    /** As {@code TweebyteDeployment.command}: port, database, security, Redis, the other services, clean-up. */
    private static List<String> serviceArgs(TweebyteService service, KubernetesNames names) {
        List<String> args = new ArrayList<>();
        args.add("--server.port=" + service.defaultPort());
        args.add("--tweebyte.db.host=" + KubernetesNames.POSTGRES_HOST);
        args.add("--tweebyte.db.port=" + KubernetesNames.POSTGRES_PORT);
        args.add("--tweebyte.db.name=" + service.database().defaultName());
        args.add("--tweebyte.db.username=" + KubernetesNames.POSTGRES_USER);
        args.add("--tweebyte.db.password=" + names.postgresPassword());
        args.add("--tweebyte.security.enabled=false");
        if (service == TweebyteService.USER) {
            // only the user service signs tokens; the others only verify them
            args.add("--tweebyte.security.private-key=" + names.secretFile(PRIVATE_KEY));
        }
        args.add("--tweebyte.security.public-key=" + names.secretFile(PUBLIC_KEY));
        args.add("--spring.data.redis.host=" + KubernetesNames.REDIS_HOST);
        args.add("--spring.data.redis.port=" + KubernetesNames.REDIS_PORT);
        args.addAll(serviceUrls(names));
        if (service == TweebyteService.INTERACTION) {
            args.add("--tweebyte.cleanup.enabled=true");
        }
        return args;
    }

    /** As {@code TweebyteDeployment.gatewayCommand}: the public key only, and every service's URL. */
    private static List<String> gatewayArgs(KubernetesNames names) {
        List<String> args = new ArrayList<>();
        args.add("--server.port=" + GATEWAY_PORT);
        args.add("--tweebyte.security.enabled=false");
        args.add("--tweebyte.security.public-key=" + names.secretFile(PUBLIC_KEY));
        args.addAll(serviceUrls(names));
        return args;
    }

    private static List<String> serviceUrls(KubernetesNames names) {
        List<String> urls = new ArrayList<>();
        for (TweebyteService other : TweebyteService.values()) {
            urls.add("--" + other.urlProperty() + "=" + names.url(other.id(), other.defaultPort()));
        }
        return urls;
    }

    /** A fresh key pair in PEM, as {@link TweebyteDeployment} makes one per deployment. */
    private static Map<String, String> keys() {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("tweebyte-k8s-keys");
            Path privateKey = dir.resolve(PRIVATE_KEY);
            Path publicKey = dir.resolve(PUBLIC_KEY);
            KeyMaterial.write(KeyMaterial.generate(), privateKey, publicKey);
            Map<String, String> files = new LinkedHashMap<>();
            files.put(PRIVATE_KEY, Files.readString(privateKey));
            files.put(PUBLIC_KEY, Files.readString(publicKey));
            return files;
        } catch (IOException e) {
            throw new LabException("Cannot make Tweebyte's key pair for Kubernetes: " + e.getMessage(), e);
        } finally {
            if (dir != null) {
                try {
                    Files.deleteIfExists(dir.resolve(PRIVATE_KEY));
                    Files.deleteIfExists(dir.resolve(PUBLIC_KEY));
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a temporary folder left behind
                }
            }
        }
    }
}
