import CatalogApp
import CatalogSQLite
import CatalogModel
import CatalogPostgres
import Foundation
import PostgresTestServer
import Testing

/// The two storages the contract runs on. Each test gets a database of its
/// own: a new SQLite file, or a new database on this process's PostgreSQL.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A fresh, empty database; `reopen()` opens it again, as a second
    /// process or server would.
    func makeDatabase() throws -> TestStorage {
        try TestStorage(try newDatabase())
    }

    /// How to open a new database that nobody has opened yet (so its
    /// schema is not made until the first open).
    func newDatabase() throws -> @Sendable () throws -> any CatalogStorage {
        switch self {
        case .sqlite:
            let folder = NSTemporaryDirectory() + "storage-tests-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = folder + "/catalog.sqlite"
            return { try CatalogDatabase(path: path) }
        case .postgres:
            let server = try PostgresTestServer.shared()
            let location = try PostgresLocation(server.url(database: try server.createDatabase()), environment: server.environment)
            return { try PostgresCatalogStorage(location: location) }
        }
    }
}

/// One test's database, and the storage opened on it first.
struct TestStorage {
    let reopen: @Sendable () throws -> any CatalogStorage
    let storage: any CatalogStorage

    init(_ open: @escaping @Sendable () throws -> any CatalogStorage) rethrows {
        reopen = open
        storage = try open()
    }

    var accounts: AccountStore { AccountStore(database: storage, hasher: PasswordHasher(parameters: .cheap)) }

    func signUp(_ email: String) throws -> Account {
        try accounts.signUp(email: email, password: "password1", confirmation: "password1")
    }
}

extension PasswordHasher.Parameters {
    /// scrypt made cheap: these tests are about storage, not hashing cost.
    static let cheap = PasswordHasher.Parameters(rounds: 1 << 10, blockSize: 8, parallelism: 1)
}
