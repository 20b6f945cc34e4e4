import CatalogApp
import CatalogModel
@testable import CatalogPostgres
import Foundation
import NIOCore
import PostgresTestServer
import Testing

/// What only the PostgreSQL store has to get right: a server that goes away
/// and comes back, one that stops answering, and saying why it failed.
@Suite struct PostgresStorageTests {
    private func storage(on server: PostgresTestServer, database: String, answerTimeout: TimeAmount = .seconds(10),
                         idleTimeout: TimeAmount? = nil) throws -> PostgresCatalogStorage {
        let location = try PostgresLocation(server.url(database: database), environment: server.environment)
        return try PostgresCatalogStorage(location: location, answerTimeout: answerTimeout, idleTimeout: idleTimeout,
                                          backoff: [.milliseconds(50), .milliseconds(100)])
    }

    /// The connections the server has open to `database` (psql's own aside).
    private func sessions(on server: PostgresTestServer, database: String) throws -> Int {
        Int(try server.psql("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
                            database: database)) ?? -1
    }

    /// A session reading a screen holds no connection: an idle one is
    /// closed, and the next call opens another.
    @Test func anIdleConnectionIsClosedAndTheNextCallReopensIt() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        let storage = try storage(on: server, database: database, idleTimeout: .milliseconds(300))
        // Counted on the store's queue right after the save, well within the
        // idle timeout, however long this task then waits for a thread.
        let open = try await storage.perform { store in
            try store.savePath("catalog", owner: "guest")
            return try sessions(on: server, database: database)
        }
        #expect(open == 1)
        let deadline = Date().addingTimeInterval(10)
        while try sessions(on: server, database: database) > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(try sessions(on: server, database: database) == 0)
        let (path, reopened) = try await storage.perform { store in
            (try store.savedPath(owner: "guest"), try sessions(on: server, database: database))
        }
        #expect(path == "catalog")
        #expect(reopened == 1)
    }

    /// The server is stopped between two saves (its own server: the shared
    /// one serves other tests meanwhile). The save made while it is down
    /// fails with a message that says so, changing nothing; once it is back,
    /// the same storage reconnects and the next save goes through.
    @Test func aSaveWhileTheServerIsDownFailsClearlyAndTheNextOneAfterItReturnsSucceeds() throws {
        let server = try PostgresTestServer()
        let database = try server.createDatabase()
        let storage = try storage(on: server, database: database)
        let ann = try #require(try storage.insertAccount(email: "ann@example.com", password: .init(salt: [1], hash: [2], parameters: .cheap)))
        _ = try storage.addFavourite("iphone", accountID: ann.id)

        try server.stop()
        let failure = #expect(throws: StorageError.self) { _ = try storage.toggleFavourite("iphone-x", accountID: ann.id) }
        #expect(failure?.description == "Could not toggle a favourite: cannot reach PostgreSQL at 127.0.0.1:\(server.port) (connection refused); is it running?")

        try server.start()
        #expect(try storage.toggleFavourite("iphone-x", accountID: ann.id) == (true, ["iphone", "iphone-x"]))
        #expect(try server.psql("SELECT string_agg(item_id, ',' ORDER BY position) FROM favourite", database: database) == "iphone,iphone-x")
    }

    /// A server that holds a change up (here a lock another session keeps)
    /// gets `answerTimeout` (generous: the machine may be busy with other tests), then the connection is dropped: the server
    /// rolls the change back, and the next call opens a new connection.
    @Test func aServerThatStopsAnsweringCostsTheTimeoutAndTheChangeIsRolledBack() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        let storage = try storage(on: server, database: database, answerTimeout: .milliseconds(1500))
        try await storage.perform { try $0.savePath("catalog", owner: "guest") }

        let holder = server.psqlInBackground("BEGIN; LOCK TABLE saved_path; SELECT pg_sleep(4); COMMIT;", database: database)
        // On the store's queue from the moment the lock is held to the end
        // of the save, so the store's own wait is what is timed, and no wait
        // of this task's for a cooperative thread lets the lock go first.
        let (failure, waited) = try await storage.perform { store in
            let deadline = Date().addingTimeInterval(10)
            while try server.psql("SELECT count(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' AND relation = 'saved_path'::regclass",
                                  database: database) != "1", Date() < deadline { usleep(20_000) }
            let started = Date()
            var failure: StorageError?
            do throws(StorageError) { try store.savePath("favourites", owner: "guest") } catch { failure = error }
            return (failure, Date().timeIntervalSince(started))
        }
        #expect(failure != nil, "the save went through a held lock")
        #expect(waited < 3.5, "it waited for the lock instead of giving up")
        #expect(failure?.description == "Could not save the route path: PostgreSQL at 127.0.0.1:\(server.port) did not answer within 1.5 s")
        await holder.finished()
        #expect(try await storage.perform { try $0.savedPath(owner: "guest") } == "catalog", "the interrupted save left nothing")
        try await storage.perform { try $0.savePath("favourites", owner: "guest") }
        #expect(try await storage.perform { try $0.savedPath(owner: "guest") } == "favourites")
    }

    /// Calls from async code wait on the store's own queue, not on Swift's
    /// cooperative threads: more slow reads than there are threads, on as
    /// many stores, are all under way at once (each began before any
    /// ended). Waited for on the pool, they would run two at a time on two
    /// cores.
    @Test func slowCallsFromAsyncCodeRunTogether() async throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        let stores = try (0..<(2 * ProcessInfo.processInfo.activeProcessorCount + 1)).map { _ in
            try storage(on: server, database: database)
        }
        let spans = try await withThrowingTaskGroup(of: (ContinuousClock.Instant, ContinuousClock.Instant).self) { group in
            for store in stores {
                group.addTask {
                    let start = ContinuousClock.now
                    try await store.perform { store in try store.read("sleep") { _ = try $0.run("SELECT pg_sleep(2)") } }
                    return (start, ContinuousClock.now)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let firstEnd = try #require(spans.map(\.1).min())
        #expect(spans.count(where: { $0.0 < firstEnd }) == stores.count, "calls that began before the first one ended")
    }

    @Test func aWrongPasswordOrAMissingDatabaseIsSaidPlainly() throws {
        let server = try PostgresTestServer.shared()
        let wrong = try PostgresLocation(server.url(database: "postgres"), environment: ["PGPASSWORD": "not-the-password"])
        let refused = #expect(throws: StorageError.self) { _ = try PostgresCatalogStorage(location: wrong, backoff: []) }
        #expect(refused?.description == "Could not open the database \(wrong): PostgreSQL said: password authentication failed for user \"catalog\"")

        let missing = try PostgresLocation(server.url(database: "no_such_db"), environment: server.environment)
        let absent = #expect(throws: StorageError.self) { _ = try PostgresCatalogStorage(location: missing, backoff: []) }
        #expect(absent?.description == "Could not open the database \(missing): PostgreSQL said: database \"no_such_db\" does not exist")
    }

    /// The schema is made once and recorded; opening again changes nothing.
    @Test func migrationsRunOnceAndAreRecorded() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        _ = try storage(on: server, database: database)
        _ = try storage(on: server, database: database)
        #expect(try server.psql("SELECT string_agg(version::text, ',') FROM catalog_schema_migration", database: database) == "1,2")
        #expect(try server.psql("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'", database: database) == "5")
    }

    /// A database made before wrong passwords were counted (migration 1
    /// only, with an account and a linked key) gains the columns when a
    /// server starts on it: the account is a visitor's with no failures.
    @Test func aVersionOneDatabaseMigratesInPlace() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        let first = try storage(on: server, database: database)
        let ann = try #require(try first.insertAccount(email: "ann@example.com", password: .init(salt: [1], hash: [2], parameters: .cheap)))
        try first.linkKey("ssh-ed25519 AAAAann", accountID: ann.id, byOperator: false)
        _ = try server.psql("""
            ALTER TABLE account DROP COLUMN failed_sign_ins, DROP COLUMN sign_in_locks, DROP COLUMN locked_until,
                DROP COLUMN owned_by_operator;
            ALTER TABLE linked_key DROP COLUMN by_operator;
            DELETE FROM catalog_schema_migration WHERE version = 2
            """, database: database)
        let migrated = try storage(on: server, database: database)
        #expect(try server.psql("SELECT string_agg(version::text, ',') FROM catalog_schema_migration", database: database) == "1,2")
        #expect(try migrated.signInLock(accountID: ann.id) == SignInLock())
        #expect(try migrated.accountSummaries(email: "ann@example.com").map(\.ownedByOperator) == [false])
        #expect(try migrated.link(of: "ssh-ed25519 AAAAann") == KeyLink(email: "ann@example.com", byOperator: false))
    }

    /// Emails are unique in the database itself, not only in the app.
    @Test func theDatabaseItselfRefusesASecondAccountForAnEmail() throws {
        let server = try PostgresTestServer.shared()
        let database = try server.createDatabase()
        _ = try storage(on: server, database: database)
        let insert = "INSERT INTO account (email, password_salt, password_hash, scrypt_rounds, scrypt_block_size, scrypt_parallelism) VALUES ('ann@example.com', '\\x00', '\\x00', 1, 1, 1)"
        try server.psql(insert, database: database)
        #expect(throws: PostgresTestServerError.self) { try server.psql(insert, database: database) }
    }
}

@Suite struct PostgresLocationTests {
    @Test func readsEveryPartAndTakesThePasswordFromTheEnvironment() throws {
        let location = try PostgresLocation("postgres://catalog@db.example:6432/shop?sslmode=require", environment: ["PGPASSWORD": "s3cret"])
        #expect(location.host == "db.example" && location.port == 6432 && location.user == "catalog")
        #expect(location.database == "shop" && location.tls == .require && location.password == "s3cret")
        #expect(location.description == "postgres://catalog@db.example:6432/shop?sslmode=require")
    }

    @Test func aPasswordInTheURLWinsButIsNeverShown() throws {
        let location = try PostgresLocation("postgresql://ann:p%40ss@127.0.0.1/", environment: ["PGPASSWORD": "other"])
        #expect(location.password == "p@ss" && location.user == "ann")
        #expect(location.port == 5432 && location.database == "ann" && location.tls == .prefer)
        #expect(location.description == "postgres://ann@127.0.0.1:5432/ann")
        #expect(!location.description.contains("p%40ss") && !location.description.contains("p@ss"))
    }

    @Test func ipv6HostsKeepTheirBrackets() throws {
        let location = try PostgresLocation("postgres://ann@[::1]:5433/db", environment: [:])
        #expect(location.host == "::1" && location.address == "[::1]:5433")
        #expect(location.description == "postgres://ann@[::1]:5433/db")
    }

    @Test(arguments: [
        ("sqlite:///tmp/x", "--database needs a URL like postgres://USER@HOST:PORT/DATABASE"),
        ("postgres://host/db", "--database needs a user: postgres://USER@HOST:PORT/DATABASE"),
        ("postgres://ann@:5432/db", "--database needs a host: postgres://USER@HOST:PORT/DATABASE"),
        ("postgres://ann:secret@db/x?sslmode=always", "--database has sslmode=always; use one of disable, prefer, require, verify-full"),
        ("postgres://ann@db/x?pool=3", "--database has an unknown parameter 'pool'; only sslmode is understood"),
    ])
    func malformedURLsAreRefusedWithTheFix(_ text: String, _ message: String) {
        let error = #expect(throws: PostgresLocationError.self) { _ = try PostgresLocation(text, environment: [:]) }
        #expect(error?.description == message)
        #expect(error?.description.contains("secret") == false)
    }
}
