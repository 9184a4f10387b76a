package io.paradigmlab.lab.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;

/** Where a PostgreSQL server listens and how to log in; databases are named per service. */
public record PostgresEndpoint(String host, int port, String user, String password) {

    public String jdbcUrl(String database) {
        return "jdbc:postgresql://" + host + ":" + port + "/" + database;
    }

    /**
     * Parses {@code postgresql://user:password@host:port} (a trailing database name is ignored: each service has
     * its own). The user needs the right to create databases.
     */
    public static PostgresEndpoint parse(String url) {
        try {
            URI uri = new URI(url.startsWith("jdbc:") ? url.substring(5) : url);
            if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
                throw new LabException("PostgreSQL URL must look like postgresql://user:password@host:5432, got: " + url);
            }
            String user = "postgres";
            String password = "";
            if (uri.getRawUserInfo() != null) {
                String[] parts = uri.getRawUserInfo().split(":", 2);
                user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
                password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
            }
            if (uri.getHost() == null) {
                throw new LabException("PostgreSQL URL has no host: " + url);
            }
            return new PostgresEndpoint(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 5432, user, password);
        } catch (URISyntaxException e) {
            throw new LabException("Not a valid PostgreSQL URL: " + url);
        }
    }
}
