// Foundation proper (NSHomeDirectory): the SSH server links it anyway
// (ShojiSSH does); the app it spawns, `top`, does not.
import Foundation
import ShojiSSH

/// `top-serve [PORT] [STATE-DIR] [--allow-signals] [server options]`: the
/// process monitor over SSH, one `top` process per session on its own
/// terminal. Visitors only read: `top` runs with `--read-only` (no signal
/// sheet) unless the operator passes `--allow-signals`, and then signals
/// go out as the server's user, so only to its own processes.
struct TopServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "top-serve", abstract: "Serve the process monitor over SSH to anyone, read-only: ssh -p PORT HOST.")

    @Argument(help: ArgumentHelp("Port to listen on (default 2224).", valueName: "port"))
    var portArgument: Int?

    @Argument(help: ArgumentHelp("Where the host key is kept (default ~/.local/state/top).", valueName: "state-dir"))
    var state: String?

    @Flag(name: .customLong("allow-signals"), help: "Let visitors send signals (as the server's user).")
    var allowSignals = false

    @OptionGroup(title: SSHServeOptions.title) var server: SSHServeOptions

    func run() {
        let state = self.state ?? NSHomeDirectory() + "/.local/state/top"
        let top = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("top")
        var configuration = SSHAppServer.Configuration(appName: "top", appExecutable: top.path,
                                                       hostKeyPath: state + "/ssh_host_ed25519_key")
        configuration.port = portArgument ?? 2224
        configuration.access = .everyone
        let arguments = allowSignals ? [] : ["--read-only"]
        configuration.appArguments = { _ in arguments }
        server.serve(configuration)
    }
}

TopServe.main()
