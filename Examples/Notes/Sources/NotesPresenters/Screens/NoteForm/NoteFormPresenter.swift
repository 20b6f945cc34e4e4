import Foundation
import ShojiNavigation

/// Checks the note form and answers with the note, or cancels: the form is
/// a sheet, so its result is all it tells the outside world.
@MainActor
package final class NoteFormPresenter {
    package weak var view: (any NoteFormView)?
    /// Completed with the written note; cancelled by Cancel (or by Esc,
    /// which the router turns into a cancel).
    package let result = ResultChannel<Note>()
    /// The note as it was: a new, empty one or the one being edited.
    package let draft: Note
    /// The form's title: "New note" or "Edit note".
    package let title: String
    /// Why the written note may not be saved (a visitor's quota), in one
    /// line under the body; the form stays open with what was written.
    package var check: @MainActor (Note) -> String? = { _ in nil }

    /// A form for a new note that will take `id`.
    package init(newNoteID id: Int) {
        draft = Note(id: id, title: "", body: "")
        title = "New note"
    }

    /// A form that edits `note`.
    package init(editing note: Note) {
        draft = note
        title = "Edit note"
    }

    package func save(_ values: [String: String]) {
        let title = (values["title"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return view?.showError("A note needs a title", forField: "title") ?? () }
        view?.showError(nil, forField: "title")
        let note = Note(id: draft.id, title: title, body: values["body"] ?? "")
        if let problem = check(note) { return view?.showError(problem, forField: "body") ?? () }
        view?.showError(nil, forField: "body")
        result.complete(note)
    }

    package func cancel() { result.cancel(.cancelledByUser) }
}
