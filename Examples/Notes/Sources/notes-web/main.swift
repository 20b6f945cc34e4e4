import Foundation
import ShojiWeb

/// `notes-web [STATE-DIR] [server options]`: the notes app in a browser
/// tab, one `notes` process per session on its own terminal, each visitor a
/// guest with a throwaway folder. The options (`--port`, `--public` or a
/// token, origins, limits) are ShojiWeb's.
struct NotesWeb: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes-web", abstract: "Serve the notes app to a browser: open the printed address.")

    @Argument(help: ArgumentHelp("Where the guests' folders are kept (default ~/.local/state/notes).", valueName: "state-dir"))
    var state: String?

    @OptionGroup(title: WebServeOptions.title) var web: WebServeOptions

    func run() {
        let state = self.state ?? NSHomeDirectory() + "/.local/state/notes"
        let notes = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("notes")
        var configuration = WebAppServer.Configuration(appName: "notes", appExecutable: notes.path)
        // A throwaway folder per session (all removed when the server starts again).
        try? FileManager.default.removeItem(atPath: state + "/web-guests")
        configuration.appArguments = {
            let folder = state + "/web-guests/" + UUID().uuidString
            return ["--data-dir", folder, "--rescue-folder", folder + ".rescued"]
        }
        web.serve(configuration)
    }
}

NotesWeb.main()
