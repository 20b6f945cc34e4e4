import Foundation
import ShojiEndToEnd
import NIOConcurrencyHelpers

/// A PostgreSQL server of the test process's own: Debian's `initdb` and
/// `pg_ctl` on a temporary folder and a free loopback port, run as the
/// `postgres` user when the tests run as root (PostgreSQL refuses root).
/// It asks for a password (scram-sha-256), as a real deployment would, and
/// is stopped when the process exits.
public final class PostgresTestServer: Sendable {
    /// The one server of this test process, started on first use.
    public static func shared() throws -> PostgresTestServer {
        try sharedServer.get()
    }

    private static let sharedServer = Result { () throws -> PostgresTestServer in
        let server = try PostgresTestServer()
        atexit { PostgresTestServer.stopAll() }
        return server
    }

    public let user = "catalog"
    public let password: String
    public let port: Int
    /// The server's folder: data, log, socket.
    public let directory: String
    private let binaries: String
    private let runAs: String?

    /// Makes and starts a new server (`shared()` is what tests want).
    public init() throws {
        guard let binaries = Self.findBinaries() else {
            throw PostgresTestServerError("PostgreSQL is not installed: `make deps` installs Debian's postgresql package")
        }
        self.binaries = binaries
        runAs = getuid() == 0 ? "postgres" : nil
        password = "test-" + UUID().uuidString.prefix(8).lowercased()
        directory = try Self.makeDirectory(owner: runAs)
        let passwordFile = directory + "/password"
        try password.write(toFile: passwordFile, atomically: true, encoding: .utf8)
        if let runAs { try Self.run("/bin/chown", [runAs, passwordFile]) }
        try Self.run(binaries + "/initdb", ["-D", directory + "/data", "-U", user, "--pwfile=" + passwordFile,
                                            "--auth=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync"], as: runAs)
        port = try freeLoopbackPort()
        Self.servers.withLockedValue { $0.append(self) }
        try start()
    }

    /// `postgres://catalog@127.0.0.1:PORT/DATABASE` (the password is in `environment`).
    public func url(database: String) -> String {
        "postgres://\(user)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// What a client of the server needs in its environment: the password.
    public var environment: [String: String] { ["PGPASSWORD": password] }

    /// A new empty database; returns its name.
    public func createDatabase(prefix: String = "test") throws -> String {
        let name = prefix + "_" + UUID().uuidString.prefix(12).lowercased().replacingOccurrences(of: "-", with: "")
        try psql("CREATE DATABASE \(name)")
        return name
    }

    /// Runs `sql` with psql as the server's superuser; returns what it printed
    /// (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(binaries + "/psql", ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database,
                                          "-v", "ON_ERROR_STOP=1", "-At", "-c", sql],
                     environment: environment)
    }

    /// Starts psql on `sql` and returns at once (to hold a lock while a test
    /// runs, say); `wait()` on the result before relying on what it did.
    public func psqlInBackground(_ sql: String, database: String) -> BackgroundQuery {
        let done = DispatchGroup()
        done.enter()
        let arguments = ["-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", database, "-q", "-c", sql]
        let command = binaries + "/psql"
        let environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        Thread.detachNewThread {
            _ = try? Subprocess.run(command, arguments, environment: environment)
            done.leave()
        }
        return BackgroundQuery(done: done)
    }

    /// Starts the server (again, after `stop()`) and waits until it accepts connections.
    public func start() throws {
        // fsync off: these databases are thrown away, and the tests are not about durability.
        let options = "-p \(port) -c listen_addresses=127.0.0.1 -c unix_socket_directories=\(directory) -c fsync=off"
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log",
                                            "-o", options, "-w", "-t", "30", "start"], as: runAs)
    }

    /// Stops the server now: sessions are cut, as in a crash or a restart.
    public func stop() throws {
        try Self.run(binaries + "/pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"], as: runAs)
    }

    /// What the server logged.
    public var log: String { (try? String(contentsOfFile: directory + "/server.log", encoding: .utf8)) ?? "" }

    // MARK: Process plumbing

    /// The servers to stop at exit.
    private static let servers = NIOLockedValueBox<[PostgresTestServer]>([])

    private static func stopAll() {
        for server in servers.withLockedValue({ $0 }) {
            _ = try? run(server.binaries + "/pg_ctl", ["-D", server.directory + "/data", "-m", "immediate", "stop"], as: server.runAs)
            try? FileManager.default.removeItem(atPath: server.directory)
        }
    }

    /// The newest `/usr/lib/postgresql/N/bin`, where Debian puts initdb.
    private static func findBinaries() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: $0 + "/initdb") }
    }

    private static func makeDirectory(owner: String?) throws -> String {
        let path = NSTemporaryDirectory() + "catalog-postgres-" + UUID().uuidString.prefix(8)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        if let owner { try run("/bin/chown", [owner, path]) }
        return path
    }

    /// Runs a program to its end, as `user` when given. Not Foundation's
    /// `Process`: `pg_ctl start` leaves a daemon behind, and `waitUntilExit()`
    /// then waits for the daemon as well as for pg_ctl.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], as user: String? = nil,
                            environment: [String: String] = [:]) throws -> String {
        let command = user == nil ? executable : "/usr/sbin/runuser"
        let commandArguments = user.map { ["-u", $0, "--", executable] + arguments } ?? arguments
        let result = try Subprocess.run(command, commandArguments,
                                        environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        let text = (result.standardOutput + result.standardError).trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0 else {
            throw PostgresTestServerError("\((executable as NSString).lastPathComponent) failed (\(result.status)): \(text)")
        }
        return result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A psql run in the background (`PostgresTestServer.psqlInBackground`).
public struct BackgroundQuery: Sendable {
    fileprivate let done: DispatchGroup

    /// Waits until psql has finished, holding the calling thread.
    public func wait() { done.wait() }

    /// Waits until psql has finished, holding no thread (for async tests).
    public func finished() async {
        await withCheckedContinuation { continuation in
            done.notify(queue: .global()) { continuation.resume() }
        }
    }
}

/// Why the test server could not do what was asked.
public struct PostgresTestServerError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A loopback port nothing listens on now (for a server under test).
public func freeLoopbackPort() throws -> Int {
    let socket = makeTCPSocket()
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
            bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
        }
    }
    guard bound else { throw PostgresTestServerError("no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
}

private func makeTCPSocket() -> Int32 {
    #if canImport(Glibc)
    return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    return socket(AF_INET, SOCK_STREAM, 0)
    #endif
}
