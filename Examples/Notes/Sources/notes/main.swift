import Foundation
import NotesApp
import NotesPresenters
import ShojiAppKit

/// `notes [--data-dir DIR] [kit options]`.
struct NotesCommand: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Keep notes.json in <dir> (default $XDG_DATA_HOME/notes, else ~/.local/share/notes).",
                               valueName: "dir"))
    var dataDirectory: String?

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

MainActor.assumeIsolated {
    let command = ShojiApp.parseOrExit(NotesCommand.self)
    let app = ShojiApp(name: "notes", options: command.shoji.launchOptions)
    do throws(LaunchError) {
        // The terminal first: a bad environment fails before any file is touched.
        try app.verifyTerminal()
        let store = try NotesLauncher.openStore(dataDirectory: command.dataDirectory)
        app.run { context in NotesAppCoordinator(router: context.router, store: store) }
    } catch {
        error.exit(program: "notes")
    }
}
