import Foundation
import ShojiWeb

/// `notes-web [STATE-DIR] [--max-notes N] [--max-bytes N] [server
/// options]`: the notes app in a browser tab, one `notes` process per
/// session on its own terminal, each visitor a guest with a throwaway
/// folder held to a quota. The options (`--port`, `--public` or a
/// token, origins, limits) are ShojiWeb's.
struct NotesWeb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes-web", abstract: "Serve the notes app to a browser: open the printed address.")

    @Argument(help: ArgumentHelp("Where the guests' folders are kept (default ~/.local/state/notes).", valueName: "state-dir"))
    var state: String?

    @Option(name: .customLong("max-notes"), help: ArgumentHelp("Notes a visitor may keep (default 1000).", valueName: "n"))
    var maximumNotes = 1000

    @Option(name: .customLong("max-bytes"),
            help: ArgumentHelp("Bytes of notes a visitor may keep, as its notes.json (default 1048576, 1 MiB).", valueName: "n"))
    var maximumBytes = 1 << 20

    @OptionGroup(title: WebServeOptions.title) var web: WebServeOptions

    func validate() throws {
        if maximumNotes < 1 { throw ValidationError("--max-notes takes a number from 1 up, not \(maximumNotes)") }
        if maximumBytes < 1024 { throw ValidationError("--max-bytes takes a number of bytes from 1024 up, not \(maximumBytes)") }
    }

    func run() {
        let state = self.state ?? NSHomeDirectory() + "/.local/state/notes"
        let notes = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("notes")
        var configuration = WebAppServer.Configuration(appName: "notes", appExecutable: notes.path)
        // A throwaway folder per session, held to the quota and removed
        // when the session ends (what a killed session left, when the
        // server starts again).
        try? FileManager.default.removeItem(atPath: state + "/web-guests")
        let quota = ["--max-notes", String(maximumNotes), "--max-bytes", String(maximumBytes)]
        configuration.appArguments = {
            let folder = state + "/web-guests/" + UUID().uuidString
            return ["--data-dir", folder, "--rescue-folder", folder + ".rescued"] + quota + ["--discard-on-exit"]
        }
        web.serve(configuration)
    }
}

NotesWeb.main()
