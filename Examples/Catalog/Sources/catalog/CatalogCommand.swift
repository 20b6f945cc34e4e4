import ArgumentParser
import CatalogApp
import CatalogModel
import CatalogPostgres
import CatalogPresenters
import ShojiAppKit
import ShojiSSH
import Foundation

@main
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Browse a catalogue in the terminal: the MVP+C reference app on ncurses.",
        discussion: """
        catalog [browse] [--catalog <path-or-url>] [--generate <n>] [--open <path>] [--restore] \
        [--data-dir <dir>] [--database <url>] [--guest] [--no-color] [--record <file>]
        catalog serve [--port <port>] [--authorized-keys <file>] [--password-auth] ...
        catalog web [--port <port>] [--public | --token-file <file>] ...
        catalog accounts list | unlock <email> | link-key <email> <keyfile> [--take-over] | unlink-key <keyfile>

        Browsing is the default; `catalog help browse`, `catalog help serve`, `catalog help web` and `catalog help accounts` explain every option.
        """,
        version: ShojiApp.versionLine(name: "catalog", version: "0.2.0"),
        subcommands: [BrowseCommand.self, ServeCommand.self, WebCommand.self, AccountsCommand.self],
        defaultSubcommand: BrowseCommand.self
    )
}

/// The app in this terminal: the default when no subcommand is named.
struct BrowseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "browse",
        abstract: "Browse the catalogue in this terminal (the default).",
        discussion: """
        Keys: arrows or j/k move, Enter opens, Esc goes back, / filters, ? lists every key, q quits.
        Route paths for --open: \(AppRoute.validForms.joined(separator: ", ")).
        """
    )

    @Option(name: .long, help: ArgumentHelp("Browse another JSON file or http(s) URL of the same shape, or any JSON array of objects.", valueName: "path-or-url"))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp("Browse N synthetic items made in memory (for measuring; 1000000 works).", valueName: "n"))
    var generate: Int?

    @Option(name: .long, help: ArgumentHelp("Where accounts, favourites and the log live (default: $XDG_DATA_HOME/catalog).", valueName: "dir"))
    var dataDir: String?

    @OptionGroup var storage: DatabaseOptions

    @Flag(name: .long, help: "Browse without an account (favourites disabled).")
    var guest = false

    /// `--open`, `--restore`, `--no-color`, `--record`: what every app on the kit takes.
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    /// How `catalog serve` starts the app for an authenticated SSH session:
    /// who the session is comes from the server's `SHOJI_SSH_*` environment
    /// (which an SSH client cannot set), never from the command line.
    @Flag(name: .long, help: ArgumentHelp("Run as the session the SSH server describes (set by catalog serve).",
                                          visibility: .private))
    var served = false

    /// Test seams, hidden from help: the end-to-end tests shorten the
    /// download deadline and force a crash after the first paint.
    @Option(name: .long, help: ArgumentHelp("Deadline in seconds for an http(s) catalogue (default 10).", visibility: .private))
    var downloadTimeout: Double?

    @Flag(name: .long, help: ArgumentHelp("Crash on purpose after the first paint (terminal-restore tests).", visibility: .private))
    var crashAfterFirstPaint = false

    /// A measuring seam, hidden from help: Benchmarks/split_keys.py runs the
    /// app with the list alone at 200 columns to compare the split with it.
    @Flag(name: .long, help: ArgumentHelp("Never show the detail beside the list (for measuring the split).", visibility: .private))
    var noSideBySide = false

    func validate() throws {
        if let problem = options.commandLineProblem { throw ValidationError(problem) }
    }

    func run() throws {
        try Self.launch(options, served: served, database: storage.location())
    }

    /// The options as parsed (who a served session is comes at launch).
    private var options: CatalogOptions {
        var options = CatalogOptions()
        options.catalog = catalog
        options.generate = generate
        options.dataDirectory = dataDir
        options.guest = guest
        shoji.apply(to: &options.launch)
        options.downloadTimeout = downloadTimeout
        options.crashAfterFirstPaint = crashAfterFirstPaint
        options.sideBySide = !noSideBySide
        return options
    }

    /// Starts the app with `options`, parsed by swift-argument-parser or
    /// read by `BrowseCommandLine`; `served` takes who the session is from
    /// the SSH server's environment; `database` is the PostgreSQL database
    /// named, nil for catalog.sqlite in the data directory.
    static func launch(_ options: CatalogOptions, served: Bool, database: PostgresLocation?) throws {
        var options = options
        let openStorage = DatabaseOptions.opener(for: database)
        if served {
            guard let session = ServedSession.current() else {
                throw ValidationError("--served is for catalog serve: the SSH session's environment is missing")
            }
            options.served = session
            options.keyAdmission = { SSHSessionEnvironment.isKeyAdmitted($0) }
        }
        MainActor.assumeIsolated {
            do throws(LaunchError) {
                try CatalogLauncher.run(options, openStorage: openStorage)
            } catch {
                FileHandle.standardError.write(Data("catalog: \(error)\n".utf8))
                Foundation.exit(error.exitStatus)
            }
        }
    }
}

extension CatalogCommand {
    /// The library's `main()`, but a command-line mistake is one line on
    /// stderr (`catalog: Unknown option '--x' (see 'catalog --help')`) and
    /// status 64, as every Shoji app says it; help and the commands' own
    /// errors go through the library as usual.
    static func main() {
        StartupTrace.mark("main")
        // Under `catalog serve --session-template`: the template parses once
        // (the runtime's conformance scan and the parser's reflection) and
        // draws the first frames headless (the runtime's caches for the
        // screens' types), then each session's app goes on from here,
        // forked, with its own arguments.
        let sessionArguments = SessionTemplate.serveIfAsked {
            _ = try? parseAsRoot(["--served"])
            MainActor.assumeIsolated { CatalogLauncher.rehearseFirstFrames() }
        }
        // The everyday browse command line skips the parser's reflection
        // (BrowseCommandLine); anything else goes to the parser as before.
        if let browse = BrowseCommandLine(sessionArguments ?? Array(CommandLine.arguments.dropFirst())) {
            StartupTrace.mark("parsed")
            do {
                try BrowseCommand.launch(browse.options, served: browse.served, database: nil)
            } catch {
                exit(withError: error)
            }
        }
        var command: any ParsableCommand
        do {
            command = try parseAsRoot(sessionArguments)
            StartupTrace.mark("parsed")
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            let message = self.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            FileHandle.standardError.write(Data("catalog: \(message) (see 'catalog --help')\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
