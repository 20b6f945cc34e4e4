// Foundation proper (NSHomeDirectory): the SSH server links it anyway
// (ShojiSSH does); the app it spawns, `top`, does not.
import Foundation
import ShojiSSH

/// `top-serve [PORT] [STATE-DIR] [--allow-signals] [--show-environment]
/// [--show-arguments] [server options]`: the process monitor over SSH, one
/// `top` process per session on its own terminal. Visitors only read: `top`
/// runs with `--read-only` (no signal sheet) unless the operator passes
/// `--allow-signals`, and then signals go out as the server's user, so only
/// to its own processes. A visitor sees no process's environment and only
/// the program name of processes outside its own session, unless the
/// operator opts in; the server's environment, and its sessions', never.
struct TopServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top-serve", abstract: "Serve the process monitor over SSH to anyone, read-only: ssh -p PORT HOST.",
        discussion: """
            What a visitor sees: every process the server's user can list (on Linux, every user's), each with its \
            pid, parent, user, CPU, memory, state, time, threads and program name (the kernel's 15-character \
            name); the detail's status lines (memory, context switches, uid) and counts of threads and open files \
            (of the server's user's processes, every user's as root). Not shown unless the options below say \
            so: any process's environment, and the arguments of processes outside the visitor's own session. \
            The environment of this server and of the sessions it starts is never shown.
            """)

    @Argument(help: ArgumentHelp("Port to listen on (default 2224).", valueName: "port"))
    var portArgument: Int?

    @Argument(help: ArgumentHelp("Where the host key is kept (default ~/.local/state/top).", valueName: "state-dir"))
    var state: String?

    @Flag(name: .customLong("allow-signals"), help: "Let visitors send signals (as the server's user).")
    var allowSignals = false

    @Flag(name: .customLong("show-environment"),
          help: "Show visitors every readable process's environment (/proc/PID/environ: the passwords, tokens and keys a program was started with; as root, every user's), except this server's and its sessions'.")
    var showEnvironment = false

    @Flag(name: .customLong("show-arguments"),
          help: "Show visitors every process's whole command line (arguments can hold passwords and tokens), not only its program name.")
    var showArguments = false

    @OptionGroup(title: SSHServeOptions.title) var server: SSHServeOptions

    func run() {
        let state = self.state ?? NSHomeDirectory() + "/.local/state/top"
        let top = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("top")
        var configuration = SSHAppServer.Configuration(appName: "top", appExecutable: top.path,
                                                       hostKeyPath: state + "/ssh_host_ed25519_key")
        configuration.port = portArgument ?? 2224
        configuration.access = .everyone
        if geteuid() == 0 { FileHandle.standardError.write(Data((Self.rootWarning(self) + "\n").utf8)) }
        let arguments = Self.appArguments(self, server: getpid())
        configuration.appArguments = { _ in arguments }
        server.serve(configuration)
    }

    /// The arguments of each session's `top`: read-only unless
    /// `--allow-signals`, what it may show, and never `server`'s environment.
    static func appArguments(_ command: TopServe, server: pid_t) -> [String] {
        (command.allowSignals ? [] : ["--read-only"]) + (command.showEnvironment ? ["--show-environment"] : [])
            + (command.showArguments ? ["--show-arguments"] : []) + ["--hide-environment-of", String(server)]
    }

    /// The one line said at start as root: what root lets visitors see.
    static func rootWarning(_ command: TopServe) -> String {
        "top-serve: warning: running as root, visitors read /proc as root: every user's open-file counts"
            + (command.showEnvironment ? " and environments (passwords, keys)" : "")
            + (command.allowSignals ? ", and they may signal any process" : "")
            + "; run it as an unprivileged user"
    }
}

TopServe.main()
