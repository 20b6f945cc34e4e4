import ShojiAppKit
import TopPresenters

/// The selected process's detail: labelled values, then its command line,
/// children and environment, above a pane of its own listing its children
/// (``children``, a `StackPane` its coordinator fills: Enter drills down
/// the process tree there, back pops it). Tab walks the screen's focus
/// chain: the table, the text, the pane, the table again. Beside the table it follows the selection in place
/// (``ReusableItemDetail``); narrow, it covers the table. Its route
/// component is the pid; the pane's stack follows it while the pane has
/// the keys.
@MainActor
final class ProcessDetailPanelView: PanelView, ProcessDetailView, ReusableItemDetail {
    let presenter: ProcessDetailPresenter
    let detail = DetailWidget(title: "")
    /// The children pane: its router holds the lists drilled into.
    let children: StackPane
    let layout: LayoutWidget

    init(presenter: ProcessDetailPresenter, children: StackPane) {
        self.presenter = presenter
        self.children = children
        layout = LayoutWidget(.rows, [
            LayoutItem(detail, focusable: true),
            LayoutItem(children, size: .fraction(0.35), minimum: 5, border: true, focusable: true),
        ])
        super.init(title: "Process", routeComponent: String(presenter.pid))
        content = layout
        bind([.character("k")], "signal", when: { [weak presenter] in presenter?.canSignal ?? false }) {
            [weak self] in self?.presenter.askToSignal()
        }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    /// Whether the children pane has the keys.
    var isInChildren: Bool { layout.focusedIndex == 1 }

    /// Gives the keys to the children pane (`true`) or the text.
    func focusChildren(_ inChildren: Bool) { layout.focus(inChildren ? 1 : 0) }

    func show(heading: String, fields: [DetailField], paragraphs: [String]) {
        detail.show(title: heading, fields: fields, paragraphs: paragraphs)
        setNeedsDisplay()
    }

    func showItem(_ itemID: AnyHashable) -> Bool {
        guard let pid = itemID as? Int32 else { return false }
        routeComponent = String(pid)
        presenter.show(pid: pid)
        return true
    }
}
