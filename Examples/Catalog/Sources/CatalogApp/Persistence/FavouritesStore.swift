import GRDB

/// An account's favourite item ids, in the order they were added.
///
/// Changes made through this store are announced to observers right after
/// the transaction commits, so the Favourites tab can follow a toggle made on
/// a detail screen at once. Share one store per database to see every change.
package final class FavouritesStore: Sendable {
    /// What changed: the account and its favourites afterwards, in added order.
    package struct Change: Sendable, Equatable {
        package let account: Account
        package let itemIDs: [String]
    }

    private let database: CatalogDatabase
    private let observers = Locked(Observers())

    private struct Observers {
        var handlers: [Int: @Sendable (Change) -> Void] = [:]
        var nextID = 0
    }

    package init(database: CatalogDatabase) {
        self.database = database
    }

    package func add(_ itemID: String, for account: Account) throws(StorageError) {
        try change(account, "add a favourite") { db in try Self.insert(itemID, account, db) }
    }

    package func remove(_ itemID: String, for account: Account) throws(StorageError) {
        try change(account, "remove a favourite") { db in try Self.delete(itemID, account, db) }
    }

    /// Adds or removes `itemID`; returns whether it is a favourite afterwards.
    @discardableResult
    package func toggle(_ itemID: String, for account: Account) throws(StorageError) -> Bool {
        var isFavourite = false
        try change(account, "toggle a favourite") { db in
            if try Self.contains(itemID, account, db) {
                try Self.delete(itemID, account, db)
            } else {
                try Self.insert(itemID, account, db)
                isFavourite = true
            }
        }
        return isFavourite
    }

    package func contains(_ itemID: String, for account: Account) throws(StorageError) -> Bool {
        try database.read("read favourites") { db in try Self.contains(itemID, account, db) }
    }

    package func list(for account: Account) throws(StorageError) -> [String] {
        try database.read("read favourites") { db in try Self.list(account, db) }
    }

    /// Calls `handler` after every change, on the thread that made it, until
    /// the returned observation is cancelled or released.
    package func observe(_ handler: @escaping @Sendable (Change) -> Void) -> FavouritesObservation {
        let id = observers.withLock { observers in
            observers.nextID += 1
            observers.handlers[observers.nextID] = handler
            return observers.nextID
        }
        return FavouritesObservation { [weak self] in
            _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// Runs `work` and reads the new list in one transaction, then notifies.
    private func change(_ account: Account, _ action: String, _ work: (Database) throws -> Void) throws(StorageError) {
        let itemIDs = try database.write(action) { db in
            try work(db)
            return try Self.list(account, db)
        }
        let change = Change(account: account, itemIDs: itemIDs)
        for handler in observers.withLock({ Array($0.handlers.values) }) { handler(change) }
    }

    private static func insert(_ itemID: String, _ account: Account, _ db: Database) throws {
        try db.execute(
            sql: """
            INSERT OR IGNORE INTO favourite (accountID, itemID, position)
            VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM favourite WHERE accountID = ?))
            """,
            arguments: [account.id, itemID, account.id])
    }

    private static func delete(_ itemID: String, _ account: Account, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM favourite WHERE accountID = ? AND itemID = ?", arguments: [account.id, itemID])
    }

    private static func contains(_ itemID: String, _ account: Account, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM favourite WHERE accountID = ? AND itemID = ?)",
                          arguments: [account.id, itemID]) ?? false
    }

    private static func list(_ account: Account, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT itemID FROM favourite WHERE accountID = ? ORDER BY position", arguments: [account.id])
    }
}

/// Keeps a favourites observer registered; cancelling (or releasing) it stops
/// the callbacks.
package final class FavouritesObservation: Sendable {
    private let cancellation: Locked<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Locked(cancel)
    }

    package func cancel() {
        cancellation.withLock { cancel in
            cancel?()
            cancel = nil
        }
    }

    deinit {
        cancel()
    }
}
