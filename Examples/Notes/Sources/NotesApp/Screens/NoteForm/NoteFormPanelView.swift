import NotesPresenters
import ShojiAppKit

/// The note form (new or edit), shown as a sheet: the kit frames it with its
/// title and answers the caller with the note. The body is a multi-line text
/// area (Enter is a newline there), so Ctrl-S saves from anywhere in the
/// form; Enter in the title and on Save save too.
@MainActor
package final class NoteFormPanelView: PanelView, NoteFormView, Sheet {
    package let form: FormWidget
    private let presenter: NoteFormPresenter
    package var result: ResultChannel<Note> { presenter.result }

    package init(presenter: NoteFormPresenter) {
        self.presenter = presenter
        form = FormWidget(fields: [FormField(id: "title", label: "Title", text: presenter.draft.title),
                                   FormField(id: "body", label: "Body", text: presenter.draft.body,
                                             lines: Self.bodyLines)],
                          buttons: ["Save", "Cancel"])
        super.init(title: presenter.title)
        content = form
        form.onSubmit = { [weak presenter] values in presenter?.save(values) }
        form.onButton = { [weak self] index in
            guard let self else { return }
            if index == 0 { presenter.save(form.values) } else { presenter.cancel() }
        }
        bind([.control("s")], "save") { [weak self] in
            guard let self else { return }
            presenter.save(form.values)
        }
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
