import FilesPresenters
import ShojiAppKit

/// Copy, move, rename and trash: each asked first, each all or nothing
/// (`FileOperations`, `Trash`), a failure shown with its reason and the
/// assurance that nothing was half done.
extension FilesCoordinator {
    func directory(_ presenter: DirectoryPresenter, take paths: [BytePath], moving: Bool) {
        taken = (paths, moving)
        presenter.clearMarks()
        presenter.note("\(Self.count(paths.count)) to \(moving ? "move" : "copy"): p in another folder")
    }

    func directoryDidAskToPaste(_ presenter: DirectoryPresenter) {
        guard let (paths, moving) = taken else {
            presenter.note("Nothing to paste: y copies, d cuts")
            return
        }
        let verb = moving ? "Move" : "Copy"
        let question = "\(verb) \(Self.summary(paths)) into \(presenter.path)?"
        presentAlert(.confirmation("\(verb) \(Self.count(paths.count))?", message: question, confirm: verb)) {
            [weak self, weak presenter] answer in
            guard answer == true, let self, let presenter else { return }
            do throws(OperationError) {
                if moving {
                    try FileOperations.move(paths, into: presenter.path)
                    self.taken = nil
                } else {
                    try FileOperations.copy(paths, into: presenter.path)
                }
                presenter.reload(selecting: paths[0].lastComponent)
            } catch {
                self.showFailure(error, nothing: moving ? "Nothing was moved" : "Nothing was copied")
            }
        }
    }

    func directory(_ presenter: DirectoryPresenter, rename entry: DirectoryEntry) {
        let path = presenter.path.appending(entry.name)
        presentSheet(PromptSheet(title: "Rename", label: "New name", text: entry.displayName, answer: "Rename")) {
            [weak self, weak presenter] outcome in
            guard let self, let presenter, let text = outcome.value, Array(text.utf8) != entry.name else { return }
            do throws(OperationError) {
                try FileOperations.rename(path, to: Array(text.utf8))
                presenter.reload(selecting: Array(text.utf8))
            } catch {
                self.showFailure(error, nothing: "Nothing was renamed")
            }
        }
    }

    func directory(_ presenter: DirectoryPresenter, trash paths: [BytePath]) {
        let question = "Move \(Self.summary(paths)) to the trash (\(trash.folder))?"
        presentAlert(.confirmation("Trash \(Self.count(paths.count))?", message: question, confirm: "Trash",
                                   destructive: true)) { [weak self, weak presenter] answer in
            guard answer == true, let self, let presenter else { return }
            do throws(OperationError) {
                try self.trash.trash(paths)
                presenter.clearMarks()
                presenter.reload()
            } catch {
                self.showFailure(error, nothing: "Nothing was moved to the trash")
            }
        }
    }

    private func showFailure(_ error: OperationError, nothing: String) {
        // A move across file systems copied everything whole, then could
        // not remove an original: nothing is lost, but it is not "nothing".
        if error.action == "remove" {
            presentAlert(.notice("Copied, not moved", message: "\(error.description) Nothing is lost."))
            return
        }
        presentAlert(.notice(nothing, message: "\(error.description) \(nothing): every entry is where it was."))
    }

    /// "3 entries", "1 entry".
    static func count(_ count: Int) -> String { count == 1 ? "1 entry" : "\(ProgressText.count(count)) entries" }

    /// The names, at most three, then how many more: a question stays short.
    static func summary(_ paths: [BytePath]) -> String {
        let names = paths.prefix(3).map { "“" + FileName.display($0.lastComponent) + "”" }
        let more = paths.count > 3 ? " and \(paths.count - 3) more" : ""
        return names.joined(separator: ", ") + more
    }
}
