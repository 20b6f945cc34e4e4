import CatalogModel
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// The catalog's data in PostgreSQL, so that several `catalog serve` hosts
/// share accounts, favourites, saved routes and linked keys.
///
/// The app and its stores are synchronous (they are called from the main
/// thread's event loop), so this storage is too: it holds one connection and
/// waits for each answer, which on loopback is a fraction of a millisecond.
/// Calls are serialized, as they are on SQLite's `DatabaseQueue`.
///
/// A lost connection is reopened on the next call, with backoff (about a
/// second in all) before the call gives up with a `StorageError` the screen
/// shows. A change interrupted by a lost connection is rolled back by the
/// server: nothing is half-written.
///
/// Waiting holds the calling thread: fine on the main thread or a dispatch
/// queue, never on one of Swift's cooperative threads (as many as there are
/// cores; two waits there starve every task). Async code calls the store
/// through `perform(_:)`, which runs the calls on a queue of the store's own.
///
/// Every served session is a process with a storage of its own, so a
/// connection left idle for `idleTimeout` is closed (and reopened by the
/// next call): a thousand sessions that are mostly reading a screen hold
/// few of the server's `max_connections`.
package final class PostgresCatalogStorage: Sendable {
    package let location: PostgresLocation
    private let logger: Logger
    private let connection = NIOLockedValueBox<PostgresConnection?>(nil)
    private let connectionIDs = NIOLockedValueBox(0)
    /// Whether a call is running, and how many have started: what the idle
    /// close checks (never the connection's own lock, which a call holds
    /// while it waits for the event loop the close runs on).
    private let activity = NIOLockedValueBox(Activity())
    private let idleTimeout: TimeAmount?
    /// Longest wait for one answer before the connection is given up.
    private let answerTimeout: TimeAmount
    /// Pauses between attempts to reach the server, for one call.
    private let backoff: [TimeAmount]
    /// Where `perform(_:)` runs async callers' calls: a thread that may block.
    let calls = DispatchQueue(label: "catalog.postgres.calls")

    /// Connects and brings the schema up to date (`PostgresSchema`).
    package init(location: PostgresLocation, logger: Logger = Logger(label: "catalog.postgres"),
                 answerTimeout: TimeAmount = .seconds(10),
                 idleTimeout: TimeAmount? = .seconds(10),
                 backoff: [TimeAmount] = [.milliseconds(100), .milliseconds(250), .milliseconds(600)]) throws(StorageError) {
        self.location = location
        self.logger = logger
        self.answerTimeout = answerTimeout
        self.idleTimeout = idleTimeout
        self.backoff = backoff
        try locked { (open: inout PostgresConnection?) throws(StorageError) in
            let connection = try connected(&open, action: "open the database \(location)")
            do {
                try PostgresSchema.migrate(connection, logger: logger, wait: wait)
            } catch {
                throw StorageError(action: "update the database schema at \(location)", reason: describe(error))
            }
        }
    }

    deinit {
        connection.withLockedValue { open in Self.discard(&open) }
    }

    /// Lets go of a connection, closing it first if it is still open: the
    /// close is asynchronous, and PostgresNIO requires a connection to be
    /// closed before it is released, so the close keeps it alive until done.
    private static func discard(_ open: inout PostgresConnection?) {
        guard let connection = open else { return }
        open = nil
        guard !connection.isClosed else { return }
        connection.close().whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    // MARK: Running statements

    /// Runs `work` in one transaction: all of it is committed, or none.
    @discardableResult
    /// A connection found lost before anything was sent is reopened and the
    /// transaction run from the start; one lost midway is reported.
    func transaction<T>(_ action: String, _ work: (Statements) throws -> T) throws(StorageError) -> T {
        try withConnection(action) { (connection, retry) throws(StorageError) -> T in
            let statements = Statements(connection: connection, logger: logger, wait: wait)
            do {
                try statements.run("BEGIN")
            } catch {
                throw retry(error)
            }
            do {
                let value = try work(statements)
                try statements.run("COMMIT")
                return value
            } catch {
                if !connection.isClosed { _ = try? statements.run("ROLLBACK") }
                throw StorageError(action: action, reason: describe(error))
            }
        }
    }

    /// Runs one statement outside a transaction (reads).
    func read<T>(_ action: String, _ work: (Statements) throws -> T) throws(StorageError) -> T {
        try withConnection(action) { (connection, retry) throws(StorageError) -> T in
            do {
                return try work(Statements(connection: connection, logger: logger, wait: wait))
            } catch {
                throw retry(error)
            }
        }
    }

    /// Gives `body` an open connection. `body` calls `retry` with the error
    /// of a statement that may safely run again (nothing was changed): when
    /// the error is a lost connection, the whole body runs once more on a
    /// new one.
    private func withConnection<T>(
        _ action: String,
        _ body: (PostgresConnection, _ retry: (any Error) -> StorageError) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        try locked { (open: inout PostgresConnection?) throws(StorageError) -> T in
            var lost = false
            let first = try connected(&open, action: action)
            do throws(StorageError) {
                return try body(first) { error in
                    lost = Self.isConnectionLoss(error)
                    return StorageError(action: action, reason: self.describe(error))
                }
            } catch {
                guard lost else { throw error }
                logger.notice("lost the connection; reconnecting", metadata: ["database": "\(location)"])
                Self.discard(&open)
                return try body(try connected(&open, action: action)) { error in
                    StorageError(action: action, reason: self.describe(error))
                }
            }
        }
    }

    /// Runs `body` holding the connection's lock: one call at a time.
    private func locked<T>(_ body: (inout PostgresConnection?) throws(StorageError) -> T) throws(StorageError) -> T {
        let result = connection.withLockedValue { open in
            activity.withLockedValue { $0.begin() }
            defer { closeWhenIdle(open, after: activity.withLockedValue { $0.end() }) }
            return Result { () throws(StorageError) -> T in try body(&open) }
        }
        return try result.get()
    }

    /// Closes `open` once `idleTimeout` passes with no call after the one
    /// numbered `call`. The close runs on the connection's event loop, so it
    /// is done when the next call looks at `isClosed`.
    private func closeWhenIdle(_ open: PostgresConnection?, after call: Int) {
        guard let idleTimeout, let open, !open.isClosed else { return }
        open.eventLoop.scheduleTask(in: idleTimeout) { [activity, logger] in
            guard activity.withLockedValue({ $0.isIdle(since: call) }), !open.isClosed else { return }
            logger.debug("closing an idle connection", metadata: ["connection": "\(open.id)"])
            let closed: EventLoopFuture<Void> = open.close()
            _ = closed
        }
    }

    /// The open connection, or a new one: a few attempts with growing pauses.
    private func connected(_ open: inout PostgresConnection?, action: String) throws(StorageError) -> PostgresConnection {
        if let existing = open, !existing.isClosed { return existing }
        Self.discard(&open)
        var lastError: (any Error)?
        for pause in [nil] + backoff.map(Optional.some) {
            if let pause { usleep(UInt32(pause.nanoseconds / 1000)) }
            do {
                let connection = try connect()
                open = connection
                return connection
            } catch {
                lastError = error
                // A refused password or an unknown database will not change with waiting.
                if let error = error as? PSQLError, error.code == .server, !Self.isBusy(error) { break }
            }
        }
        let reason = lastError.map(describe) ?? "cannot reach PostgreSQL at \(location.address)"
        logger.error("cannot reach PostgreSQL", metadata: ["database": "\(location)", "error": "\(reason)"])
        throw StorageError(action: action, reason: reason)
    }

    private func connect() throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: location.password,
            database: location.database, tls: try Self.tls(location.tls))
        configuration.options.connectTimeout = .seconds(5)
        let id = connectionIDs.withLockedValue { id in
            id += 1
            return id
        }
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        return try wait(PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger), nil)
    }

    private static func tls(_ mode: PostgresLocation.TLSMode) throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch mode {
        case .disable: return .disable
        case .prefer:
            configuration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: configuration))
        case .require:
            configuration.certificateVerification = .none
            return .require(try NIOSSLContext(configuration: configuration))
        case .verifyFull:
            return .require(try NIOSSLContext(configuration: configuration))
        }
    }

    /// Waits for `future`; a server that does not answer within
    /// `answerTimeout` has its connection closed (the server rolls the
    /// transaction back) and the wait ends then with `StorageTimeout`,
    /// whether or not closing fails the query: a close that waited for the
    /// query it interrupts left a test's wait hanging for good.
    /// (Connecting has its own deadline, `connectTimeout`.)
    private func wait<Value: Sendable>(_ future: EventLoopFuture<Value>, _ connection: PostgresConnection?) throws -> Value {
        guard let connection else { return try future.wait() }
        let seconds = Double(answerTimeout.nanoseconds) / 1e9
        // The answer and the deadline both run on the future's event loop;
        // whichever comes first completes the promise, the other does nothing.
        let answer = future.eventLoop.makePromise(of: Value.self)
        let answered = NIOLockedValueBox(false)
        /// True for the first side to ask, false ever after: one check-and-set.
        @Sendable func comesFirst() -> Bool { answered.withLockedValue { done in defer { done = true }; return !done } }
        let deadline = future.eventLoop.scheduleTask(in: answerTimeout) {
            guard comesFirst() else { return }
            let closed: EventLoopFuture<Void> = connection.close()
            _ = closed
            answer.fail(StorageTimeout(seconds: seconds))
        }
        future.whenComplete { result in
            guard comesFirst() else { return }
            deadline.cancel()
            answer.completeWith(result)
        }
        return try answer.futureResult.wait()
    }

    // MARK: Errors

    /// Whether the server refused a connection for now: too many clients
    /// (53300), or starting up or shutting down (57P03).
    static func isBusy(_ error: PSQLError) -> Bool {
        ["53300", "57P03"].contains(error.serverInfo?[.sqlState])
    }

    /// Whether `error` means the connection is gone (so nothing more was done).
    static func isConnectionLoss(_ error: any Error) -> Bool {
        guard let error = error as? PSQLError else { return error is ChannelError }
        if error.code == .server {
            // 57P01..57P03: the server is shutting down or restarting.
            return error.serverInfo?[.sqlState]?.hasPrefix("57P") == true
        }
        return [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown].contains(error.code)
    }

    /// One line for the screen or the log. PSQLError's own description is
    /// deliberately vague (to keep data out of logs); this says what
    /// happened without the query's values.
    func describe(_ error: any Error) -> String {
        if let timeout = error as? StorageTimeout { return "PostgreSQL at \(location.address) did not answer within \(String(format: "%g", timeout.seconds)) s" }
        guard let error = error as? PSQLError else { return "\(error)" }
        switch error.code {
        case .server:
            let message = error.serverInfo?[.message] ?? "an error"
            return "PostgreSQL said: \(message)"
        case .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return "lost the connection to PostgreSQL at \(location.address); try again once it is back"
        case .connectionError:
            let cause = error.underlying.map(Self.describeCause) ?? "no connection"
            return "cannot reach PostgreSQL at \(location.address) (\(cause)); is it running?"
        case .authMechanismRequiresPassword:
            return "PostgreSQL at \(location.address) wants a password: set PGPASSWORD"
        case .sslUnsupported:
            return "PostgreSQL at \(location.address) does not offer TLS; use sslmode=prefer or disable"
        default:
            return "PostgreSQL failed (\(error.code))"
        }
    }

    private static func describeCause(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return describeCause(first.error)
        }
        if error is ChannelError { return "timed out" }
        return "\(error)"
    }
}

/// Calls in progress and begun, for the idle close.
private struct Activity {
    private var running = false
    private var started = 0

    /// A call starts.
    mutating func begin() {
        running = true
        started += 1
    }

    /// The call ended; returns its number.
    mutating func end() -> Int {
        running = false
        return started
    }

    /// Whether no call has run since call number `call` ended.
    func isIdle(since call: Int) -> Bool { !running && started == call }
}

/// The deadline for one answer passed.
struct StorageTimeout: Error {
    let seconds: Double
}

/// The statements of one call, run on its connection one after another.
struct Statements {
    let connection: PostgresConnection
    let logger: Logger
    let wait: (EventLoopFuture<PostgresQueryResult>, PostgresConnection?) throws -> PostgresQueryResult

    /// Runs `query` and returns its rows and how many it changed.
    @discardableResult
    func run(_ query: PostgresQuery) throws -> PostgresQueryResult {
        try wait(connection.query(query, logger: logger), connection)
    }
}
