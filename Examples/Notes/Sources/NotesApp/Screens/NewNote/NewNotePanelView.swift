import NotesPresenters
import ShojiAppKit

/// The "new note" form, shown as a modal.
@MainActor
package final class NewNotePanelView: PanelView, NewNoteView {
    package let form = FormWidget(fields: [FormField(id: "title", label: "Title"), FormField(id: "body", label: "Body")],
                                  buttons: ["Save", "Cancel"])
    private let presenter: NewNotePresenter

    package init(presenter: NewNotePresenter) {
        self.presenter = presenter
        super.init(title: "New note")
        content = form
        form.onSubmit = { [weak presenter] values in presenter?.save(values) }
        form.onButton = { [weak self] index in
            guard let self else { return }
            if index == 0 { presenter.save(form.values) } else { presenter.cancel() }
        }
        presenter.view = self
    }

    package override var isEditingText: Bool { form.isEditingText }
    package override var cursorPosition: CellPoint? { form.cursorPosition }

    package func showError(_ message: String?, forField id: String) { form.setError(message, forField: id) }
}
