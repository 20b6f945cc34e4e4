import ShojiAppKit
import TopPresenters

/// The selected process's detail: labelled values, then its command line,
/// children and environment. Beside the table it follows the selection in
/// place (``ReusableItemDetail``); narrow, it covers the table.
@MainActor
final class ProcessDetailPanelView: PanelView, ProcessDetailView, ReusableItemDetail {
    let presenter: ProcessDetailPresenter
    let detail = DetailWidget(title: "")

    init(presenter: ProcessDetailPresenter) {
        self.presenter = presenter
        super.init(title: "Process")
        content = detail
        bind([.character("k")], "signal", when: { [weak presenter] in presenter?.canSignal ?? false }) {
            [weak self] in self?.presenter.askToSignal()
        }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }


    func show(heading: String, fields: [DetailField], paragraphs: [String]) {
        detail.show(title: heading, fields: fields, paragraphs: paragraphs)
        setNeedsDisplay()
    }

    func showItem(_ itemID: AnyHashable) -> Bool {
        guard let pid = itemID as? Int32 else { return false }
        presenter.show(pid: pid)
        return true
    }
}
