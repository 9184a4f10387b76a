package io.paradigmlab.lab.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Where a MariaDB server listens and how to log in; databases are named per service. The URLs carry no credentials:
 * a service gets {@link #user()} and {@link #password()} as separate properties, as it does for PostgreSQL.
 */
public record MariaDbEndpoint(String host, int port, String user, String password) {

    /** Port of a URL that names none: MariaDB's own default. */
    public static final int DEFAULT_PORT = 3306;

    /** For {@code org.mariadb.jdbc:mariadb-java-client}, e.g. {@code jdbc:mariadb://127.0.0.1:3306/eshop_order}. */
    public String jdbcUrl(String database) {
        return "jdbc:mariadb://" + host + ":" + port + "/" + database;
    }

    /** For {@code org.mariadb:r2dbc-mariadb}, e.g. {@code r2dbc:mariadb://127.0.0.1:3306/eshop_order}. */
    public String r2dbcUrl(String database) {
        return "r2dbc:mariadb://" + host + ":" + port + "/" + database;
    }

    /** The form {@link #parse} reads ({@code mariadb://user:password@host:port}), user and password percent-encoded. */
    public String url() {
        return "mariadb://" + encode(user) + ":" + encode(password) + "@" + host + ":" + port;
    }

    /** For messages and result files: where and as whom, never the password. */
    public String describe() {
        return "MariaDB at " + host + ":" + port + " (user " + user + ")";
    }

    /**
     * Parses {@code mariadb://user:password@host:port}; {@code mysql://} and a {@code jdbc:} prefix are accepted too,
     * the port defaults to {@value #DEFAULT_PORT}, the password to empty, and a trailing database name is ignored
     * (each service has its own). User and password are percent-decoded, so a password holding {@code @}, {@code :},
     * {@code /} or {@code +} must be written percent-encoded. The user needs the right to create and drop databases.
     * Messages quote the URL with its password replaced by {@code ***}.
     *
     * @throws LabException when the URL is not of that form
     */
    public static MariaDbEndpoint parse(String url) {
        String form = "mariadb://user:password@host:3306";
        if (url == null || url.isBlank()) {
            throw new LabException("MariaDB URL is empty; it must look like " + form);
        }
        URI uri;
        try {
            uri = new URI(url.startsWith("jdbc:") ? url.substring(5) : url);
        } catch (URISyntaxException e) {
            // not e.getMessage(): it quotes the whole input, password included
            throw new LabException("Not a valid MariaDB URL (" + e.getReason() + " at index " + e.getIndex() + "): "
                    + redact(url) + "; it must look like " + form
                    + ", with special characters in the password percent-encoded");
        }
        if (!"mariadb".equals(uri.getScheme()) && !"mysql".equals(uri.getScheme())) {
            throw new LabException("MariaDB URL must look like " + form + " (or mysql://...), got: " + redact(url));
        }
        if (uri.getHost() == null) {
            // java.net.URI leaves the host null when the authority is not host[:port] (e.g. a raw '@' in the password)
            throw new LabException("MariaDB URL has no host it can read: " + redact(url) + "; it must look like " + form
                    + ", with special characters in the password percent-encoded");
        }
        if (uri.getRawUserInfo() == null || uri.getRawUserInfo().isEmpty()) {
            throw new LabException("MariaDB URL names no user: " + redact(url) + "; it must look like " + form);
        }
        String[] parts = uri.getRawUserInfo().split(":", 2);
        String user = URLDecoder.decode(parts[0], StandardCharsets.UTF_8);
        String password = parts.length > 1 ? URLDecoder.decode(parts[1], StandardCharsets.UTF_8) : "";
        if (user.isEmpty()) {
            throw new LabException("MariaDB URL names no user: " + redact(url) + "; it must look like " + form);
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        if (port < 1 || port > 65535) {
            throw new LabException("MariaDB URL has port " + port + ", not a valid port (1-65535): " + redact(url));
        }
        return new MariaDbEndpoint(uri.getHost(), port, user, password);
    }

    /** The URL with the password (between the first {@code :} after {@code //} and the last {@code @}) masked. */
    static String redact(String url) {
        return url.replaceFirst("(//[^:/@]*:).*@", "$1***@");
    }

    private static String encode(String s) {
        // URLEncoder writes a space as '+', which URLDecoder reads back as a space: the round trip holds
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
