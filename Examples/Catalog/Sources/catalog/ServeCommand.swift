import ArgumentParser
import CatalogApp
import CatalogModel
import CatalogPresenters
import CatalogPostgres
import CatalogServer
import ShojiSSH
import Foundation
import Logging

/// `catalog serve`: the app over SSH, one process per session.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the app over SSH: `ssh -p PORT HOST` opens it in the client's terminal.",
        discussion: """
        Keys come from the authorized_keys file in OpenSSH's format (ed25519 and ECDSA; \
        account="EMAIL" in the options binds a key to an account, any other key opens a guest session; \
        the comment is free text) and from keys users linked on the Account tab. --public lets anyone in \
        as a guest. The host key is made on first start and kept in the data directory (or --host-key). \
        Several servers behind a load balancer share users with --database postgres://... and one --host-key file; \
        with --proxy-protocol the per-address limit counts clients, not the balancer. \
        Limits bound what one client can take: sessions per connection and per address, connections per address and still \
        authenticating, the terminal's size, the login grace and idle times (keepalives are not input). \
        SIGINT or SIGTERM stops the server: sessions get a grace period, then a hang-up.
        """
    )

    @Option(name: .long, help: ArgumentHelp("Port to listen on (0 picks a free one).", valueName: "port"))
    var port = 2222

    @Option(name: .long, help: ArgumentHelp("Address to listen on; 0.0.0.0 for every interface.", valueName: "address"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("Keys allowed in (default: authorized_keys in the data directory).", valueName: "file"))
    var authorizedKeys: String?

    @Option(name: .long, help: ArgumentHelp("Most sessions at once; later ones are told the server is full.", valueName: "n"))
    var maxSessions = 64

    @Option(name: .long, help: ArgumentHelp("Most sessions one connection may open (OpenSSH's MaxSessions).", valueName: "n"))
    var maxSessionsPerConnection = 4

    @Option(name: .long, help: ArgumentHelp("Most connections at once from one address (an IPv6 /64 counts as one).", valueName: "n"))
    var maxPerAddress = 32

    @Option(name: .long, help: ArgumentHelp("Most sessions at once from one address over all its connections (an IPv6 /64 counts as one; default: a quarter of --max-sessions, at most 16).", valueName: "n"))
    var maxSessionsPerAddress: Int?

    @Option(name: .long, help: ArgumentHelp("Most connections at once still authenticating, from all addresses (OpenSSH's MaxStartups).", valueName: "n"))
    var maxUnauthenticated = 100

    @Option(name: .long, help: ArgumentHelp("OpenSSH's MaxStartups start:rate with --max-unauthenticated as full: from START connections still authenticating, a new one is refused at random, RATE percent rising to 100 at full.", valueName: "START:RATE"))
    var earlyDrop = "10:30"

    @Option(name: .long, help: ArgumentHelp("Largest terminal a session may have; larger pty requests are refused, window changes clamped.", valueName: "COLSxROWS"))
    var maxTerminalSize = "640x256"

    @Flag(name: .long, help: "Behind a load balancer that sends the PROXY protocol (HAProxy's send-proxy-v2): limits and logs see the client's address. Connections without the header are closed.")
    var proxyProtocol = false

    @Option(name: .long, help: ArgumentHelp("With --proxy-protocol, seconds a connection has to send its header.", valueName: "seconds"))
    var proxyHeaderTimeout: Double = 5

    @Option(name: .long, help: ArgumentHelp("Close a connection after this many seconds without input.", valueName: "seconds"))
    var idleTimeout: Double = 900

    @Flag(name: .long, help: "Also accept an account's password (the SSH user name is the account's email).")
    var passwordAuth = false

    @Flag(name: .long, help: "A public demo: any key, or none, opens a guest session (sign-in still works in the app).")
    var `public` = false

    @Option(name: .long, help: ArgumentHelp("The host key file (default: ssh_host_ed25519_key in the data directory; made if missing).", valueName: "file"))
    var hostKey: String?

    @Option(name: .long, help: ArgumentHelp("Where accounts, keys and the log live (default: $XDG_DATA_HOME/catalog).", valueName: "dir"))
    var dataDir: String?

    @OptionGroup var storage: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Serve this catalogue file or URL instead of the embedded one.", valueName: "path-or-url"))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp("Serve N synthetic items.", valueName: "n"))
    var generate: Int?

    @Flag(name: .long, help: "Sessions draw without colours.")
    var noColor = false

    @Option(name: .long, help: ArgumentHelp("Seconds sessions may go on after SIGINT/SIGTERM.", visibility: .private))
    var gracePeriod: Double = 10

    @Option(name: .long, help: ArgumentHelp("Seconds a connection has to authenticate.", visibility: .private))
    var loginGraceTime: Double = 60

    @Option(name: .long, help: ArgumentHelp("Seconds before a failed authentication is answered.", visibility: .private))
    var failedAuthDelay: Double = 1

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxSessions > 0, maxPerAddress > 0, maxSessionsPerConnection > 0, maxUnauthenticated > 0,
              (maxSessionsPerAddress ?? 1) > 0 else {
            throw ValidationError("--max-sessions, --max-sessions-per-connection, --max-per-address, --max-sessions-per-address and --max-unauthenticated must be at least 1")
        }
        guard proxyHeaderTimeout > 0 else { throw ValidationError("--proxy-header-timeout must be more than 0 seconds") }
        guard earlyDropSettings != nil else {
            throw ValidationError("--early-drop takes START:RATE, a count of at least 1 and a percentage, e.g. 10:30")
        }
        guard terminalSize != nil else { throw ValidationError("--max-terminal-size takes COLSxROWS, e.g. 640x256") }
        guard idleTimeout > 0 else { throw ValidationError("--idle-timeout must be more than 0 seconds") }
        if catalog != nil, generate != nil { throw ValidationError("use --catalog or --generate, not both") }
        if let generate, generate < 0 { throw ValidationError("--generate needs a count of 0 or more") }
    }

    func run() throws {
        let directory: DataDirectory
        do {
            directory = try DataDirectory(override: dataDir)
        } catch {
            fail("\(error)", status: 1)
        }
        _ = try? CatalogLogging.bootstrap(directory: directory, alsoToStandardError: true)
        let database = try storage.location()
        var configuration = SSHAppServer.Configuration.catalog(
            executable: Self.executablePath(), dataDirectory: directory, appArguments: appArguments(database: database))
        configuration.host = host
        configuration.port = port
        if let authorizedKeys { configuration.authorizedKeysPath = authorizedKeys }
        if let hostKey { configuration.hostKeyPath = hostKey }
        configuration.access = `public` ? .everyone : .listedKeys
        configuration.maximumSessions = maxSessions
        configuration.maximumConnectionsPerAddress = maxPerAddress
        // One address never takes every place, even when --max-sessions is lowered.
        configuration.maximumSessionsPerAddress = maxSessionsPerAddress ?? max(1, min(16, maxSessions / 4))
        configuration.maximumSessionsPerConnection = maxSessionsPerConnection
        configuration.maximumUnauthenticatedConnections = maxUnauthenticated
        if let (start, rate) = earlyDropSettings {
            configuration.unauthenticatedEarlyDropStart = start
            configuration.unauthenticatedEarlyDropRate = rate
        }
        if let terminalSize { configuration.maximumTerminalSize = terminalSize }
        configuration.proxyProtocol = proxyProtocol
        configuration.proxyHeaderTimeout = proxyHeaderTimeout
        configuration.idleTimeout = idleTimeout
        configuration.passwordAuthentication = passwordAuth
        configuration.shutdownGracePeriod = gracePeriod
        configuration.loginGraceTime = loginGraceTime
        configuration.failedAuthenticationDelay = failedAuthDelay
        let accounts: CatalogAccounts
        do {
            accounts = CatalogAccounts(database: try DatabaseOptions.opener(for: database)(directory))
        } catch {
            fail("\(error)", status: 1)
        }
        // Sessions open the same database; its password travels in their
        // environment, never on a command line `ps` shows.
        if let password = database?.password { configuration.appEnvironment["PGPASSWORD"] = password }
        do {
            try SSHAppServer.serve(configuration, accounts: accounts, logger: Logger(label: "catalog.serve"))
        } catch {
            fail("\(error)", status: 1)
        }
    }

    /// `--early-drop` as a start and a rate, or nil when it is not `START:RATE`.
    private var earlyDropSettings: (start: Int, rate: Int)? {
        let parts = earlyDrop.split(separator: ":")
        guard parts.count == 2, let start = Int(parts[0]), let rate = Int(parts[1]), start >= 1, (0...100).contains(rate) else {
            return nil
        }
        return (start, rate)
    }

    /// `--max-terminal-size` as a size, or nil when it is not `COLSxROWS` with
    /// both at least the smallest size the app draws in.
    private var terminalSize: TerminalSize? {
        let parts = maxTerminalSize.split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 20, rows >= 5 else {
            return nil
        }
        return TerminalSize(columns: columns, rows: rows)
    }

    private func appArguments(database: PostgresLocation?) -> [String] {
        var arguments: [String] = []
        if let catalog { arguments += ["--catalog", catalog] }
        if let generate { arguments += ["--generate", String(generate)] }
        if noColor { arguments.append("--no-color") }
        if let database { arguments += ["--database", database.description] }
        return arguments
    }

    /// This very executable, so sessions run the same version as the server.
    private static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    private func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("catalog serve: \(message)\n".utf8))
        Foundation.exit(status)
    }
}
