import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiWidgets

/// Who is signed in, and a Sign out button.
@MainActor
final class AccountPanelView: PanelView, AccountView {
    let presenter: AccountPresenter
    private var form = FormWidget(fields: [], buttons: ["Sign out"])
    private var identity = ""
    private var detail = ""

    init(presenter: AccountPresenter) {
        self.presenter = presenter
        super.init(title: "Account")
        presenter.view = self
        presenter.viewDidLoad()
    }

    private var message: String?

    func show(identity: String, detail: String, actions: [String], message: String?) {
        self.identity = identity
        self.detail = detail
        self.message = message
        // Keep the focused button across a refresh (after linking, say).
        let focused = form.focus
        form = FormWidget(fields: [], buttons: actions)
        form.onButton = { [weak presenter] index in presenter?.didPress(actionAt: index) }
        form.setFocus(focused)
        content = form
    }

    override func draw(_ canvas: inout Canvas) {
        canvas.text(identity, at: CellPoint(x: 2, y: 1), style: .bold)
        var lines = TextWrapper.wrap(detail, width: max(1, canvas.size.width - 4))
        if let message { lines += [""] + TextWrapper.wrap(message, width: max(1, canvas.size.width - 4)) }
        for (row, line) in lines.enumerated() { canvas.text(line, at: CellPoint(x: 2, y: 2 + row)) }
        let top = 3 + lines.count
        var below = canvas.subcanvas(CellRect(x: 0, y: top, width: canvas.size.width, height: max(0, canvas.size.height - top)))
        form.draw(&below)
    }
}
