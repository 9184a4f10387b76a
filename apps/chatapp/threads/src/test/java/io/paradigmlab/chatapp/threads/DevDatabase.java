package io.paradigmlab.chatapp.threads;

import io.paradigmlab.chatapp.tck.ChatTestDatabase;

/**
 * Starts the tests' embedded PostgreSQL (migrated, with cpu lines) and prints its JDBC URL, for starting a variant's
 * jar by hand: {@code java -Dchatapp.port=0 -Dchatapp.db.url=<url> -jar target/chatapp-platform-exec.jar}. Runs until
 * killed.
 */
public final class DevDatabase {

    private DevDatabase() {
    }

    public static void main(String[] args) throws Exception {
        ChatTestDatabase db = ChatTestDatabase.start();
        System.out.println("chatapp test database at " + db.jdbcUrl());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
