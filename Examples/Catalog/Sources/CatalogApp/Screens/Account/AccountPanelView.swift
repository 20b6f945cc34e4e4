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

    override var routeComponent: String? { "account" }

    func show(identity: String, detail: String, actionTitle: String) {
        self.identity = identity
        self.detail = detail
        form = FormWidget(fields: [], buttons: [actionTitle])
        form.onButton = { [weak presenter] _ in presenter?.didPressSignOut() }
        content = form
    }

    override func draw(_ canvas: inout Canvas) {
        canvas.text(identity, at: CellPoint(x: 2, y: 1), style: .bold)
        canvas.text(detail, at: CellPoint(x: 2, y: 2))
        var below = canvas.subcanvas(CellRect(x: 0, y: 4, width: canvas.size.width, height: max(0, canvas.size.height - 4)))
        form.draw(&below)
    }
}
