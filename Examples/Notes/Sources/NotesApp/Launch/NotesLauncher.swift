import Foundation
import NotesPresenters
import ShojiAppKit

/// Finds and reads the notes the app starts with: `notes.json` in the
/// app's data folder (the kit's `AppDataFolder`, or `--data-dir`).
@MainActor
package enum NotesLauncher {
    /// The sample notes a first start shows (no file yet).
    package static let sampleCount = 200

    /// `notes.json` in the data folder (`dataDirectory`, else the
    /// platform's), the folder made (mode 0700) when missing.
    package static func notesFile(dataDirectory: String?,
                                  environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LaunchError) -> NotesFile
    {
        NotesFile(directory: try AppDataFolder(appName: "notes", override: dataDirectory, environment: environment).path)
    }

    /// The notes in `file`, reporting to `progress`; nil when there is no
    /// file yet (the app starts with the samples). A file that cannot be
    /// read or parsed fails with one line naming it, the line and column
    /// of the problem, and what to do
    /// (status 1). Safe off the main thread: the launch reads here while
    /// the screen shows the progress.
    nonisolated package static func loadNotes(from file: NotesFile, progress: ProgressReporter? = nil)
        throws(LaunchError) -> [Note]?
    {
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        progress?.report(WorkProgress("Reading notes", completed: 0, total: size, unit: .bytes))
        do {
            let notes = try file.load()
            progress?.report(WorkProgress("Reading notes", completed: size ?? 0, total: size, unit: .bytes))
            return notes
        } catch {
            // The file is left as it is: the app never starts on it, so never saves over it.
            throw LaunchError("\(error); fix or move notes.json (moved away, notes starts again with the sample notes); "
                + "nothing was changed", exitStatus: 1)
        }
    }

    /// The store the app runs on: `notes` from the file, or the samples
    /// when there were none.
    package static func store(_ notes: [Note]?, file: NotesFile) -> NoteStore {
        NoteStore(notes: notes ?? NoteStore.sample(count: sampleCount).notes, file: file)
    }

    /// Finds, reads and opens the notes at once, on the main thread (what
    /// the launch does in two steps around the loading screen).
    package static func openStore(dataDirectory: String?,
                                  environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LaunchError) -> NoteStore
    {
        let file = try notesFile(dataDirectory: dataDirectory, environment: environment)
        return store(try loadNotes(from: file), file: file)
    }
}
