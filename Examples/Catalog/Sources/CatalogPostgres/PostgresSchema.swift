import Logging
import PostgresNIO

/// The catalog's tables in PostgreSQL, brought up to date when a server or
/// app starts. Each migration runs once, in its own transaction, recorded in
/// `catalog_schema_migration`. Several servers starting at once take turns:
/// the whole check runs under a session-level advisory lock, so exactly one
/// of them creates the tables and the others find them made.
enum PostgresSchema {
    /// The advisory lock's key: any fixed number other users of the database
    /// are unlikely to pick ("catalog" in ASCII).
    static let lockKey: Int64 = 0x63_61_74_61_6c_6f_67

    /// Migrations in order; a released one is never edited, only followed.
    static let migrations: [(version: Int, name: String, statements: [PostgresQuery])] = [
        (1, "accounts, favourites, saved paths, linked keys", [
            """
            CREATE TABLE account (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                email text NOT NULL UNIQUE,
                password_salt bytea NOT NULL,
                password_hash bytea NOT NULL,
                scrypt_rounds integer NOT NULL,
                scrypt_block_size integer NOT NULL,
                scrypt_parallelism integer NOT NULL,
                created_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE favourite (
                account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                item_id text NOT NULL,
                position bigint NOT NULL,
                PRIMARY KEY (account_id, item_id)
            )
            """,
            """
            CREATE TABLE saved_path (
                owner text PRIMARY KEY,
                path text NOT NULL,
                saved_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            """
            CREATE TABLE linked_key (
                public_key text PRIMARY KEY,
                account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
                linked_at timestamptz NOT NULL DEFAULT now()
            )
            """,
            "CREATE INDEX linked_key_account ON linked_key (account_id)",
        ]),
        // Defaults keep existing rows right: every account so far was signed
        // up by a visitor, every key linked on the Account tab.
        (2, "failed sign-ins, locks, operator-owned accounts and keys", [
            """
            ALTER TABLE account
                ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0,
                ADD COLUMN sign_in_locks integer NOT NULL DEFAULT 0,
                ADD COLUMN locked_until double precision,
                ADD COLUMN owned_by_operator boolean NOT NULL DEFAULT false
            """,
            "ALTER TABLE linked_key ADD COLUMN by_operator boolean NOT NULL DEFAULT false",
        ]),
    ]

    /// Applies what is missing. `wait` is the storage's blocking wait.
    static func migrate(
        _ connection: PostgresConnection, logger: Logger,
        wait: (EventLoopFuture<PostgresQueryResult>, PostgresConnection?) throws -> PostgresQueryResult
    ) throws {
        func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
            try wait(connection.query(query, logger: logger), connection)
        }
        _ = try run("SELECT pg_advisory_lock(\(lockKey))")
        defer { _ = try? run("SELECT pg_advisory_unlock(\(lockKey))") }
        _ = try run("""
            CREATE TABLE IF NOT EXISTS catalog_schema_migration (
                version integer PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = Set(try run("SELECT version FROM catalog_schema_migration").rows.map { try $0.decode(Int.self) })
        for migration in migrations where !applied.contains(migration.version) {
            _ = try run("BEGIN")
            do {
                for statement in migration.statements { _ = try run(statement) }
                _ = try run("INSERT INTO catalog_schema_migration (version, name) VALUES (\(migration.version), \(migration.name))")
                _ = try run("COMMIT")
            } catch {
                _ = try? run("ROLLBACK")
                throw error
            }
            logger.info("migrated the database", metadata: ["version": "\(migration.version)", "name": "\(migration.name)"])
        }
    }
}
