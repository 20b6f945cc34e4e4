import Foundation
import GRDB
import Testing
@testable import CatalogSQLite
@testable import CatalogModel

/// A `catalog.sqlite` made before wrong passwords were counted per account
/// (migrations v1 and v2 only) migrates in place when opened: its
/// accounts are visitors' with no failures, its keys linked by their users.
@Suite struct AccountsMigrationTests {
    @Test func aVersionTwoFileGainsLocksAndOwnersAndKeepsItsAccounts() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("catalog.sqlite")
        let hashed = try PasswordHasher(parameters: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)).hash("password1")
        let older = try DatabaseQueue(path: path)
        try older.write { db in
            // The schema as v1 and v2 made it, and GRDB's record of them.
            try db.execute(sql: """
                CREATE TABLE account (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT NOT NULL UNIQUE,
                    passwordSalt BLOB NOT NULL, passwordHash BLOB NOT NULL, scryptRounds INTEGER NOT NULL,
                    scryptBlockSize INTEGER NOT NULL, scryptParallelism INTEGER NOT NULL, createdAt DATETIME NOT NULL);
                CREATE TABLE favourite (accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                    itemID TEXT NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (accountID, itemID));
                CREATE TABLE savedPath (owner TEXT PRIMARY KEY, path TEXT NOT NULL, savedAt DATETIME NOT NULL);
                CREATE TABLE linkedKey (publicKey TEXT PRIMARY KEY,
                    accountID INTEGER NOT NULL REFERENCES account(id) ON DELETE CASCADE, linkedAt DATETIME NOT NULL);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: accounts, favourites, saved paths'), ('v2: keys linked to accounts');
                """)
            try db.execute(sql: """
                INSERT INTO account (email, passwordSalt, passwordHash, scryptRounds, scryptBlockSize, scryptParallelism, createdAt)
                VALUES ('ann@example.com', ?, ?, ?, ?, ?, CURRENT_TIMESTAMP)
                """, arguments: [Data(hashed.salt), Data(hashed.hash), hashed.parameters.rounds, hashed.parameters.blockSize,
                                 hashed.parameters.parallelism])
            try db.execute(sql: "INSERT INTO linkedKey VALUES ('ssh-ed25519 AAAAann', 1, CURRENT_TIMESTAMP)")
        }
        try older.close()

        let database = try CatalogDatabase(path: path)
        let ann = try AccountStore(database: database).signIn(email: "ann@example.com", password: "password1")
        #expect(try database.signInLock(accountID: ann.id) == SignInLock())
        #expect(try LinkedKeyStore(database: database).link(of: "ssh-ed25519 AAAAann") == KeyLink(email: "ann@example.com", byOperator: false))
        #expect(try database.accountSummaries(email: nil).map(\.ownedByOperator) == [false])
        _ = try database.recordFailedSignIn(accountID: ann.id, policy: .standard, now: Date())
        #expect(try database.signInLock(accountID: ann.id).failures == 1)
    }
}
