import Foundation
import NotesPresenters
import ShojiAppKit

/// Opens the notes the app starts with: `notes.json` in the data folder.
@MainActor
package enum NotesLauncher {
    /// The sample notes a first start shows (no file yet).
    package static let sampleCount = 200

    /// The store over `notes.json` in the data folder (`dataDirectory`, else
    /// the XDG default), creating the folder (mode 0700) when missing. A
    /// missing file starts with the samples; a file that cannot be read or
    /// parsed fails with one line naming it and what to do (status 1).
    package static func openStore(dataDirectory: String?,
                                  environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(LaunchError) -> NoteStore
    {
        guard let directory = NotesFile.directory(override: dataDirectory, environment: environment) else {
            throw LaunchError("no home folder for the notes: set HOME or pass --data-dir", exitStatus: 1)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw LaunchError("cannot create the data folder \(directory): \((error as NSError).localizedDescription)",
                              exitStatus: 1)
        }
        let file = NotesFile(directory: directory)
        do {
            return try NoteStore.open(file, samples: sampleCount)
        } catch {
            throw LaunchError("\(error); fix it, or move it away to start again with the sample notes", exitStatus: 1)
        }
    }
}
