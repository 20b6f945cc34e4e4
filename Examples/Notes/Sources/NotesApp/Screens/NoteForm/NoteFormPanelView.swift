import NotesPresenters
import ShojiAppKit

/// The note form (new or edit), shown as a sheet: the kit frames it with its
/// title, gives it Save, Cancel and Ctrl-S (the body is a multi-line text
/// area where Enter is a newline), asks before Esc drops an edit, and
/// answers the caller with the note.
@MainActor
package final class NoteFormPanelView: FormSheet<Note>, NoteFormView {
    private let presenter: NoteFormPresenter

    package init(presenter: NoteFormPresenter) {
        self.presenter = presenter
        super.init(title: presenter.title,
                   fields: [FormField(id: "title", label: "Title", text: presenter.draft.title),
                            FormField(id: "body", label: "Body", text: presenter.draft.body, lines: Self.bodyLines)],
                   result: presenter.result) { [weak presenter] values in presenter?.save(values) }
        presenter.view = self
    }

    /// The rows the body shows; a longer body scrolls.
    static let bodyLines = 8

    /// The title, the body, a blank row, the buttons and the message row.
    package override func preferredSize(in screen: CellSize) -> CellSize {
        CellSize(width: min(72, screen.width), height: min(Self.bodyLines + 5, screen.height))
    }

    package func showError(_ message: String?, forField id: String) { form.setError(message, forField: id) }
}
