import GRDB

/// The tables of `catalog.sqlite`: the migrations every file was built and
/// upgraded by, and the schema they end at written out as SQL for a new file.
///
/// A new file gets `sql` in one batch, with the migrations it covers
/// recorded as applied, and the migrator then applies any later one as it
/// does to an older file, because GRDB's migrator on an empty file (its
/// table generators, the foreign key checks, ALTER TABLE's schema rewrites
/// and the runtime's first conformance lookups in its generic code) cost a
/// large share of a start to the first frame (Benchmarks/HISTORY.md,
/// "Phase by phase"). CatalogDatabaseFileTests checks that
/// both ways make the same `sqlite_master`, row for row.
enum CatalogSchema {
    static let v1 = "v1: accounts, favourites, saved paths"
    static let v2 = "v2: keys linked to accounts"
    static let v3 = "v3: failed sign-ins, locks, operator-owned accounts and keys"

    /// What `migrator` leaves up to v3, as SQLite stores it (the columns v3
    /// added sit at the end of their tables), then the record of the
    /// migrations in GRDB's table.
    static let sql = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        CREATE TABLE "account" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "email" TEXT NOT NULL UNIQUE, \
        "passwordSalt" BLOB NOT NULL, "passwordHash" BLOB NOT NULL, "scryptRounds" INTEGER NOT NULL, \
        "scryptBlockSize" INTEGER NOT NULL, "scryptParallelism" INTEGER NOT NULL, "createdAt" DATETIME NOT NULL, \
        "failedSignIns" INTEGER NOT NULL DEFAULT 0, "signInLocks" INTEGER NOT NULL DEFAULT 0, "lockedUntil" DOUBLE, \
        "ownedByOperator" BOOLEAN NOT NULL DEFAULT 0);
        CREATE TABLE "favourite" ("accountID" INTEGER NOT NULL REFERENCES "account"("id") ON DELETE CASCADE, \
        "itemID" TEXT NOT NULL, "position" INTEGER NOT NULL, PRIMARY KEY ("accountID", "itemID"));
        CREATE TABLE "savedPath" ("owner" TEXT PRIMARY KEY NOT NULL, "path" TEXT NOT NULL, "savedAt" DATETIME NOT NULL);
        CREATE TABLE "linkedKey" ("publicKey" TEXT PRIMARY KEY NOT NULL, \
        "accountID" INTEGER NOT NULL REFERENCES "account"("id") ON DELETE CASCADE, "linkedAt" DATETIME NOT NULL, \
        "byOperator" BOOLEAN NOT NULL DEFAULT 0);
        CREATE INDEX "linkedKey_on_accountID" ON "linkedKey"("accountID");
        INSERT INTO grdb_migrations (identifier) VALUES ('\(v1)'), ('\(v2)'), ('\(v3)');
        """

    /// Makes the schema in an empty file.
    static func create(_ db: Database) throws {
        try db.execute(sql: sql)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(v1) { db in
            try db.create(table: "account") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("email", .text).notNull().unique()
                table.column("passwordSalt", .blob).notNull()
                table.column("passwordHash", .blob).notNull()
                table.column("scryptRounds", .integer).notNull()
                table.column("scryptBlockSize", .integer).notNull()
                table.column("scryptParallelism", .integer).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "favourite") { table in
                table.column("accountID", .integer).notNull().references("account", onDelete: .cascade)
                table.column("itemID", .text).notNull()
                table.column("position", .integer).notNull()
                table.primaryKey(["accountID", "itemID"])
            }
            try db.create(table: "savedPath") { table in
                table.primaryKey("owner", .text)
                table.column("path", .text).notNull()
                table.column("savedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration(v2) { db in
            try db.create(table: "linkedKey") { table in
                table.primaryKey("publicKey", .text)
                table.column("accountID", .integer).notNull().indexed().references("account", onDelete: .cascade)
                table.column("linkedAt", .datetime).notNull()
            }
        }
        // Added columns keep a default, so an existing file migrates in place:
        // its accounts were all signed up by visitors, its keys all linked
        // on the Account tab.
        migrator.registerMigration(v3) { db in
            try db.alter(table: "account") { table in
                table.add(column: "failedSignIns", .integer).notNull().defaults(to: 0)
                table.add(column: "signInLocks", .integer).notNull().defaults(to: 0)
                table.add(column: "lockedUntil", .double)  // seconds since 1970
                table.add(column: "ownedByOperator", .boolean).notNull().defaults(to: false)
            }
            try db.alter(table: "linkedKey") { table in
                table.add(column: "byOperator", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }
}
