import NotesPresenters
import ShojiAppKit

/// The "Save elsewhere" sheet: one path field, Save and Cancel; answers the
/// caller with the path (the kit's ``FormSheet``).
@MainActor
package final class SaveElsewherePanelView: FormSheet<String>, SaveElsewhereView {
    private let presenter: SaveElsewherePresenter

    package init(presenter: SaveElsewherePresenter) {
        self.presenter = presenter
        super.init(title: "Save elsewhere", fields: [FormField(id: "path", label: "Path", text: presenter.suggestedPath)],
                   result: presenter.result) { [weak presenter] values in presenter?.save(values) }
        presenter.view = self
    }

    /// The path, a blank row, the buttons and the message row.
    package override func preferredSize(in screen: CellSize) -> CellSize {
        CellSize(width: min(72, screen.width), height: min(6, screen.height))
    }

    package func showError(_ message: String?, forField id: String) { form.setError(message, forField: id) }
}
