import Foundation
import ShojiSSH

/// `notes-serve [PORT] [STATE-DIR] [--max-notes N] [--max-bytes N] [server
/// options]`: the notes app over SSH as a public demo, one `notes` process
/// per session on its own terminal, each visitor held to a quota.
/// The whole server: the options (`--port`, `--host`, limits, ...) are
/// ShojiSSH's.
struct NotesServe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes-serve", abstract: "Serve the notes app over SSH to anyone, as a guest: ssh -p PORT HOST.")

    @Argument(help: ArgumentHelp("Port to listen on (default 2223).", valueName: "port"))
    var portArgument: Int?

    @Argument(help: ArgumentHelp("Where the host key is kept (default ~/.local/state/notes).", valueName: "state-dir"))
    var state: String?

    @Option(name: .customLong("max-notes"), help: ArgumentHelp("Notes a visitor may keep (default 1000).", valueName: "n"))
    var maximumNotes = 1000

    @Option(name: .customLong("max-bytes"),
            help: ArgumentHelp("Bytes of notes a visitor may keep, as its notes.json (default 1048576, 1 MiB).", valueName: "n"))
    var maximumBytes = 1 << 20

    @OptionGroup(title: SSHServeOptions.title) var server: SSHServeOptions

    func validate() throws {
        if maximumNotes < 1 { throw ValidationError("--max-notes takes a number from 1 up, not \(maximumNotes)") }
        if maximumBytes < 1024 { throw ValidationError("--max-bytes takes a number of bytes from 1024 up, not \(maximumBytes)") }
    }

    func run() {
        let state = self.state ?? NSHomeDirectory() + "/.local/state/notes"
        let notes = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("notes")
        var configuration = SSHAppServer.Configuration(appName: "notes", appExecutable: notes.path,
                                                       hostKeyPath: state + "/ssh_host_ed25519_key")
        configuration.port = portArgument ?? 2223
        configuration.access = .everyone
        // Every visitor's notes are their own, never the server user's: a
        // folder per key (named by the key, kept), and a throwaway one per
        // keyless session, removed when its session ends (and what a killed
        // session left, when the server starts again). Each is held to the
        // quota.
        try? FileManager.default.removeItem(atPath: state + "/guests")
        let quota = ["--max-notes", String(maximumNotes), "--max-bytes", String(maximumBytes)]
        configuration.appArguments = { identity in
            let key = identity.publicKey?.split(separator: " ").dropFirst().first.map {
                String($0.map { $0 == "/" ? "_" : $0 })
            }
            let folder = key.map { state + "/visitors/" + $0 } ?? state + "/guests/" + UUID().uuidString
            // The quit prompt's Save as… (after a failed save) writes only beside the
            // visitor's own folder, never anywhere the server's user can.
            return ["--data-dir", folder, "--rescue-folder", folder + ".rescued"] + quota + (key == nil ? ["--discard-on-exit"] : [])
        }
        server.serve(configuration)
    }
}

NotesServe.main()
