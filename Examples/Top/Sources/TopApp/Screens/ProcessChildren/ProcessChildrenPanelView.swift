import ShojiAppKit
import TopPresenters

/// The children of one process, a screen of the detail's children pane:
/// Enter drills into a child (its coordinator pushes that child's list in
/// the pane), back pops it. Its title is a step of the pane's breadcrumb.
@MainActor
final class ProcessChildrenPanelView: PanelView, ProcessChildrenView {
    let presenter: ProcessChildrenPresenter
    let list: ListWidget

    /// `routeComponent`: `children` for the pane's root, the pid for a
    /// child drilled into.
    init(presenter: ProcessChildrenPresenter, routeComponent: String) {
        self.presenter = presenter
        list = ListWidget(dataSource: ProcessChildrenRows(presenter: presenter))
        super.init(title: presenter.title, routeComponent: routeComponent)
        list.emptyMessage = "No children"
        list.onChoose = { [weak presenter] index in presenter?.didChoose(index: index) }
        content = list
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    func showChildren() {
        list.reloadData()
        title = presenter.title
    }
}

/// The presenter's rows as the list reads them.
@MainActor
private struct ProcessChildrenRows: ListDataSource {
    let presenter: ProcessChildrenPresenter
    var count: Int { presenter.children.count }
    func row(at index: Int) -> ListRow { presenter.row(at: index) }
    func itemID(at index: Int) -> AnyHashable? { AnyHashable(presenter.children[index].pid) }
}
