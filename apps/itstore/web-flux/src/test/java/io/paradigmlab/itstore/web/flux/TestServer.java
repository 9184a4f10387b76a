package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.itstore.port.ReactiveItStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * A WebFlux application with this library's auto-configuration over a test store, on Reactor Netty at a random port,
 * and plain HTTP clients for it: the JDK's {@link HttpClient} for well-formed requests and a socket for the ones no
 * client library would send (bad escapes, oversized heads). BlockHound is installed before the server starts, so a
 * blocking call on an event loop fails its request here as it does in a variant run with {@code -Ditstore.blockhound}.
 */
final class TestServer implements AutoCloseable {

    /** The variants' settings that the tests depend on (their application.yml has the same). */
    private static final List<String> CELL_PROPERTIES = List.of(
            "server.port=0",
            "server.netty.max-initial-line-length=8KB",
            "spring.web.resources.add-mappings=false",
            "spring.main.banner-mode=off");

    private final ConfigurableApplicationContext context;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    final int port;

    private TestServer(ConfigurableApplicationContext context) {
        this.context = context;
        this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
    }

    static TestServer start(ReactiveItStore store, String... properties) {
        BlockHoundInstaller.install();
        List<String> all = new ArrayList<>(CELL_PROPERTIES);
        all.addAll(List.of(properties));
        ConfigurableApplicationContext context = new SpringApplicationBuilder(TestApplication.class)
                .web(WebApplicationType.REACTIVE)
                .properties(all.toArray(String[]::new))
                .initializers(c -> ((GenericApplicationContext) c).registerBean(ReactiveItStore.class, () -> store))
                .run();
        return new TestServer(context);
    }

    <T> T bean(Class<T> type) {
        return context.getBean(type);
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://localhost:" + port + pathAndQuery);
    }

    Response get(String pathAndQuery) {
        return send("GET", pathAndQuery);
    }

    Response send(String method, String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(20))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        try {
            HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<InputStream> open(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(pathAndQuery)).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofInputStream());
    }

    /** Sends {@code head} (CRLF line ends, closing blank line included) as it is, and reads until the server closes. */
    String raw(String head) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        context.close();
    }

    record Response(int status, HttpHeaders headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class TestApplication {
    }
}
