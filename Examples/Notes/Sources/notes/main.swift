import Foundation
import NotesApp
import NotesPresenters
import ShojiAppKit

/// `notes [--data-dir DIR] [--rescue-folder DIR] [--max-notes N]
/// [--max-bytes N] [--discard-on-exit] [kit options]`.
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

    @Option(name: .customLong("max-notes"),
            help: ArgumentHelp("Keep at most <n> notes: adding past it is refused with one line (notes-serve and notes-web set it).",
                               valueName: "n"))
    var maximumNotes: Int?

    @Option(name: .customLong("max-bytes"),
            help: ArgumentHelp("Keep notes.json at most <n> bytes: a change past it is refused with one line (the servers set it).",
                               valueName: "n"))
    var maximumBytes: Int?

    @Flag(name: .customLong("discard-on-exit"),
          help: "Delete the --data-dir and --rescue-folder folders when the app ends, however it ends (a served guest's).")
    var discardOnExit = false

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    func validate() throws {
        for (name, value) in [("--max-notes", maximumNotes), ("--max-bytes", maximumBytes)] {
            if let value, value < 1 { throw ValidationError("\(name) takes a number from 1 up, not \(value)") }
        }
        if discardOnExit, dataDirectory == nil {
            throw ValidationError("--discard-on-exit deletes the --data-dir folder: give --data-dir too")
        }
    }

    /// The quota `--max-notes` and `--max-bytes` set; nil without either.
    var quota: NoteQuota? {
        guard maximumNotes != nil || maximumBytes != nil else { return nil }
        return NoteQuota(maximumNotes: maximumNotes ?? Int.max, maximumBytes: maximumBytes ?? Int.max)
    }
}

MainActor.assumeIsolated {
    let command = ShojiApp.parseOrExit(NotesCommand.self)
    let app = ShojiApp(name: "notes", configuration: command.shoji.launchConfiguration)
    if command.discardOnExit {
        // A guest's folder ends with its session: on q, and on the signal a
        // dropped connection or a server stopping sends.
        let folders = [command.dataDirectory, command.rescueFolder].compactMap { $0 }
        app.onExit = { _ in for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
    }
    do throws(LaunchError) {
        // The terminal first: a bad environment fails before any folder is made.
        try app.verifyTerminal()
        let file = try NotesLauncher.notesFile(dataDirectory: command.dataDirectory)
        // The notes load behind a progress screen; a bad file still ends
        // the app with one line and status 1.
        app.run(loading: { progress in try NotesLauncher.loadNotes(from: file, progress: progress) }) { context, notes in
            let store = NotesLauncher.store(notes, file: file)
            store.quota = command.quota
            let root = NotesAppCoordinator(router: context.router, store: store, rescueFolder: command.rescueFolder)
            // A quit with unsaved notes asks first (Retry, Save as…, Discard, Cancel).
            root.quit = { context.app.quit() }
            context.app.shouldQuit = { [weak root] in root?.shouldQuit() ?? true }
            return root
        }
    } catch {
        error.exit(program: "notes")
    }
}
