import Foundation
import NotesApp
import NotesPresenters
import ShojiAppKit

/// `notes [--data-dir DIR] [kit options]`.
struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notes")

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Keep notes.json in <dir> (default $XDG_DATA_HOME/notes, else ~/.local/share/notes).",
                               valueName: "dir"))
    var dataDirectory: String?

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

MainActor.assumeIsolated {
    let command = ShojiApp.parseOrExit(NotesCommand.self)
    let app = ShojiApp(name: "notes", configuration: command.shoji.launchConfiguration)
    do throws(LaunchError) {
        // The terminal first: a bad environment fails before any folder is made.
        try app.verifyTerminal()
        let file = try NotesLauncher.notesFile(dataDirectory: command.dataDirectory)
        // The notes load behind a progress screen; a bad file still ends
        // the app with one line and status 1.
        app.run(loading: { progress in try NotesLauncher.loadNotes(from: file, progress: progress) }) { context, notes in
            NotesAppCoordinator(router: context.router, store: NotesLauncher.store(notes, file: file))
        }
    } catch {
        error.exit(program: "notes")
    }
}
