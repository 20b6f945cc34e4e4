import Foundation
import NotesPresenters
import ShojiAppKit

/// Quitting with changes that could not be saved: the app asks first
/// (`ShojiApp.shouldQuit`) and offers Retry, Save as… (the "Save elsewhere"
/// sheet) or Discard, so a failed save never ends in a silent exit.
extension NotesAppCoordinator {
    /// The answers to "Notes not saved" before quitting.
    package enum QuitChoice { case retry, saveElsewhere, discard, stay }

    /// The name "Save elsewhere" suggests, in the rescue folder or the home folder.
    static let rescueFileName = "notes-rescued.json"

    /// Asked before the user's quit: true when every change is on disk;
    /// otherwise asks what to do with the unsaved notes and answers false
    /// (the answer quits, or not, by itself).
    package func shouldQuit() -> Bool {
        guard store.hasUnsavedChanges else { return true }
        askBeforeQuitting(after: nil)
        return false
    }

    /// "Notes not saved": Retry (focused), Save as… (another file), Discard
    /// (quits without the change), Cancel (and Esc) goes back to the notes.
    /// `failure` is what the last attempt said. Short titles: the first
    /// three fit the smallest terminal (40 columns); Esc is Cancel there.
    private func askBeforeQuitting(after failure: NotesFileError?) {
        let tried = failure.map { "\($0)." } ?? "\(store.file?.path ?? "notes.json") could not be saved."
        let alert = Alert<QuitChoice>(
            title: "Notes not saved",
            message: "\(tried) Quitting now loses the last change.",
            buttons: [.init("Retry", value: .retry), .init("Save as…", value: .saveElsewhere),
                      .init("Discard", value: .discard), .init("Cancel", value: .stay, isCancel: true)])
        presentAlert(alert) { [weak self] choice in
            guard let self else { return }
            switch choice {
            case .retry?: retrySaving()
            case .saveElsewhere?: askWhereToSave()
            case .discard?: quit()
            case .stay?, nil: break
            }
        }
    }

    private func retrySaving() {
        do throws(NotesFileError) {
            try store.save()
            quit()
        } catch {
            askBeforeQuitting(after: error)
        }
    }

    /// The "Save elsewhere" sheet; a copy saved there quits, a failure asks again.
    private func askWhereToSave() {
        let folder = rescueFolder ?? NSHomeDirectory()
        if let rescueFolder {
            try? FileManager.default.createDirectory(atPath: rescueFolder, withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o700])
        }
        let presenter = SaveElsewherePresenter(suggestedPath: (folder as NSString).appendingPathComponent(Self.rescueFileName),
                                               folder: rescueFolder)
        presentSheet(SaveElsewherePanelView(presenter: presenter)) { [weak self] outcome in
            guard let self, let path = outcome.value else { return }
            do throws(NotesFileError) {
                try store.saveCopy(to: NotesFile(path: path))
                quit()
            } catch {
                askBeforeQuitting(after: error)
            }
        }
    }
}
