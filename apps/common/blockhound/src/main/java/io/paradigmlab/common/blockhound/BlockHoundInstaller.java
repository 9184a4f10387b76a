package io.paradigmlab.common.blockhound;

import java.util.ServiceLoader;
import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * Installs BlockHound once per JVM with every integration registered through {@code ServiceLoader}: BlockHound's own
 * (Reactor, RxJava 2...), {@link CommonAllowances}, and the application's (Tweebyte's, the e-shop's, ChatApp's each
 * register one in their module). Each application's {@code main()} calls {@link #installIfRequested(String)} first
 * with its system property ({@code tweebyte.blockhound}, {@code itstore.blockhound}, {@code eshop.blockhound},
 * {@code chatapp.blockhound}); its tests call {@link #install()}. Once installed (the JVM needs
 * {@code -XX:+EnableDynamicAgentLoading -XX:+AllowRedefinitionToAddDeleteMethods}, which the lab adds) a blocking
 * call on a non-blocking thread throws {@code BlockingOperationError}. Never on in a measurement: it instruments the
 * JDK and costs time on every check, and it cannot be uninstalled.
 */
public final class BlockHoundInstaller {

    private static volatile boolean installed;

    private BlockHoundInstaller() {
    }

    /** Installs BlockHound when the system property {@code property} is {@code true}; otherwise does nothing. */
    public static void installIfRequested(String property) {
        if (Boolean.getBoolean(property)) {
            install();
        }
    }

    /** Installs BlockHound with every registered integration, once per JVM; later calls do nothing. */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        // BlockHound.install() loads every BlockHoundIntegration that ServiceLoader finds, this module's included
        BlockHound.install();
        installed = true;
        // on standard output, before any logging framework is up: the services' logs (and the suites reading them)
        // show it whatever the application logs with
        System.out.println("BlockHound installed with " + integrations()
                + ": a blocking call on a non-blocking thread fails");
    }

    /** Whether {@link #install()} ran in this JVM. */
    public static boolean installed() {
        return installed;
    }

    /** The integrations {@code ServiceLoader} finds, by class name: what an install applies. */
    public static java.util.List<String> integrations() {
        return ServiceLoader.load(BlockHoundIntegration.class).stream()
                .map(provider -> provider.type().getName()).sorted().toList();
    }
}
