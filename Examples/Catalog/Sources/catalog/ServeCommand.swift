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
        Keys come from the authorized_keys file in OpenSSH's format (ed25519 and ECDSA; a listed key opens a \
        guest session, or the account its user linked it to on the Account tab; the comment is free text). \
        To give a key an account, bind it on the server first: `catalog accounts link-key EMAIL KEYFILE` \
        (it makes the account; such a key needs no line in authorized_keys). account="EMAIL" in the file no \
        longer binds anything: its line is skipped and logged. --public lets anyone in as a guest. \
        Ten wrong passwords in a row lock an account for a while; `catalog accounts unlock EMAIL` lifts it. The host key is made on first start and kept in the data directory (or --host-key); \
        the keys allowed in are authorized_keys there (or --authorized-keys). \
        Several servers behind a load balancer share users with --database postgres://... and one --host-key file; \
        with --proxy-protocol the per-address limit counts clients, not the balancer. \
        Limits bound what one client can take: sessions per connection and per address, connections per address and still \
        authenticating, the terminal's size, the login grace and idle times (keepalives are not input). \
        SIGINT or SIGTERM stops the server: sessions get a grace period, then a hang-up.
        """
    )

    /// `--port`, `--host`, `--host-key`, `--authorized-keys`, `--public`,
    /// `--password-auth`, `--proxy-protocol` and the limits: ShojiSSH's.
    @OptionGroup(title: SSHServeOptions.title) var server: SSHServeOptions

    @Option(name: .long, help: ArgumentHelp("Where accounts, keys and the log live (default: $XDG_DATA_HOME/catalog).", valueName: "dir"))
    var dataDir: String?

    @OptionGroup var storage: DatabaseOptions

    @Option(name: .long, help: ArgumentHelp("Serve this catalogue file or URL instead of the embedded one.", valueName: "path-or-url"))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp("Serve N synthetic items.", valueName: "n"))
    var generate: Int?

    @Flag(name: .long, help: "Sessions draw without colours.")
    var noColor = false

    func validate() throws {
        if catalog != nil, generate != nil { throw ValidationError("use --catalog or --generate, not both") }
        if let generate, generate < 0 { throw ValidationError("--generate needs a count of 0 or more") }
    }

    func run() throws {
        let directory: DataDirectory
        do {
            directory = try DataDirectory.prepared(override: dataDir)
        } catch {
            fail("\(error)", status: 1)
        }
        _ = try? CatalogLogging.bootstrap(directory: directory, alsoToStandardError: true)
        let database = try storage.location()
        var configuration = SSHAppServer.Configuration.catalog(
            executable: Self.executablePath(), dataDirectory: directory, appArguments: appArguments(database: database))
        let accounts: CatalogAccounts
        do {
            accounts = CatalogAccounts(database: try DatabaseOptions.opener(for: database)(directory))
        } catch {
            fail("\(error)", status: 1)
        }
        // Sessions open the same database; its password travels in their
        // environment, never on a command line `ps` shows.
        if let password = database?.password { configuration.appEnvironment["PGPASSWORD"] = password }
        server.serve(configuration, accounts: accounts, logger: Logger(label: "catalog.serve"))
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
