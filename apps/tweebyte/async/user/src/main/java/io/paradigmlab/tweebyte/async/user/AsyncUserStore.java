package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.domain.user.Availability;
import io.paradigmlab.tweebyte.domain.user.NewUser;
import io.paradigmlab.tweebyte.domain.user.StoredCredentials;
import io.paradigmlab.tweebyte.domain.user.UserChanges;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The async variant's port to the users table: each call is one statement of the shared JDBC store, run on
 * the JDBC executor, so the request thread never blocks on the database.
 */
public class AsyncUserStore {

    private final JdbcUserStore store;
    private final Executor db;

    public AsyncUserStore(JdbcUserStore store, Executor db) {
        this.store = store;
        this.db = db;
    }

    public CompletableFuture<Optional<UserSummary>> summaryById(UUID id) {
        return CompletableFuture.supplyAsync(() -> store.summaryById(id), db);
    }

    public CompletableFuture<Optional<UserSummary>> summaryByName(String userName) {
        return CompletableFuture.supplyAsync(() -> store.summaryByName(userName), db);
    }

    public CompletableFuture<List<UserSummary>> search(String pattern, int limit) {
        return CompletableFuture.supplyAsync(() -> store.search(pattern, limit), db);
    }

    public CompletableFuture<Availability> availability(UUID self, String userName, String email) {
        return CompletableFuture.supplyAsync(() -> store.availability(self, userName, email), db);
    }

    public CompletableFuture<Void> insert(UUID id, NewUser user, String passwordHash) {
        return CompletableFuture.runAsync(() -> store.insert(id, user, passwordHash), db);
    }

    public CompletableFuture<Optional<StoredCredentials>> credentials(String email) {
        return CompletableFuture.supplyAsync(() -> store.credentials(email), db);
    }

    public CompletableFuture<Boolean> update(UUID id, UserChanges changes, String passwordHash) {
        return CompletableFuture.supplyAsync(() -> store.update(id, changes, passwordHash), db);
    }

    public CompletableFuture<List<UserSummary>> summariesByIds(UUID[] ids) {
        return CompletableFuture.supplyAsync(() -> store.summariesByIds(ids), db);
    }

    public CompletableFuture<List<UserSummary>> summariesByNames(String[] lowerCaseNames) {
        return CompletableFuture.supplyAsync(() -> store.summariesByNames(lowerCaseNames), db);
    }

    public CompletableFuture<Optional<UserProfile.Account>> profile(UUID id) {
        return CompletableFuture.supplyAsync(() -> store.profile(id), db);
    }
}
