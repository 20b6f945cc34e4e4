import Foundation
import NotesApp
import NotesPresenters
import ShojiAppKit

/// `notes [--data-dir DIR] [--rescue-folder DIR] [kit options]`.
struct NotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "notes")

    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("Keep notes.json in <dir> (default $XDG_DATA_HOME/notes, else ~/.local/share/notes).",
                               valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("rescue-folder"),
            help: ArgumentHelp("After a failed save, the quit prompt's Save as writes only inside <dir> (notes-serve sets it).",
                               valueName: "dir"))
    var rescueFolder: String?

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
            let root = NotesAppCoordinator(router: context.router, store: NotesLauncher.store(notes, file: file),
                                           rescueFolder: command.rescueFolder)
            // A quit with unsaved notes asks first (Retry, Save as…, Discard, Cancel).
            root.quit = { context.app.quit() }
            context.app.shouldQuit = { [weak root] in root?.shouldQuit() ?? true }
            return root
        }
    } catch {
        error.exit(program: "notes")
    }
}
