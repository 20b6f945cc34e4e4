import FilesPresenters
import ShojiAppKit

/// A directory as a table: name, size, modification time. The passive half
/// of the directory module: draws, forwards keys and clicks, never navigates.
@MainActor
final class DirectoryPanelView: PanelView, DirectoryView {
    let presenter: DirectoryPresenter
    let table: TableWidget
    private var problem: String?
    private var findStatus: String?

    static let columns = [
        TableColumn("Name", width: .flexible(minimum: 8)),
        TableColumn("Size", width: .fixed(9), alignment: .trailing),
        TableColumn("Modified", width: .fixed(16)),
    ]
    /// With `i`: the permissions and owner between the name and the size.
    static let detailColumns = [
        TableColumn("Name", width: .flexible(minimum: 8)),
        TableColumn("Mode", width: .fixed(10)),
        TableColumn("Owner", width: .fixed(15)),
        TableColumn("Size", width: .fixed(9), alignment: .trailing),
        TableColumn("Modified", width: .fixed(16)),
    ]

    /// The table's column of each sort order, and back.
    private var sortColumns: [EntrySort: Int] {
        presenter.showsDetails ? [.name: 0, .size: 3, .time: 4] : [.name: 0, .size: 1, .time: 2]
    }

    init(presenter: DirectoryPresenter, clock: (any LoopClock)?) {
        self.presenter = presenter
        table = TableWidget(columns: presenter.showsDetails ? Self.detailColumns : Self.columns, dataSource: presenter)
        super.init(title: presenter.title)
        table.progressWidget.clock = clock
        // Like nnn: the selected name is marked, not the whole line, so a
        // move rewrites two names rather than two lines (Benchmarks/HISTORY.md,
        // "`DirectoryPanelView`").
        table.highlightsWholeRow = false
        table.emptyMessage = "Empty directory"
        table.onChoose = { [weak presenter] row in presenter?.didChoose(index: row) }
        table.onSelectionChange = { [weak presenter] row in presenter?.didSelect(row: row) }
        table.onSortRequest = { [weak self] column in
            // The mode and owner columns do not sort.
            guard let self, let order = self.sortColumns.first(where: { $0.value == column })?.key else { return }
            self.presenter.sort(by: order)
        }
        content = table
        // Sorting is in help and on the column titles, not the footer: the
        // footer keeps room for what acts on files.
        bind([.character("a")], "by name", footer: false) { [weak self] in self?.presenter.sort(by: .name) }
        bind([.character("s")], "by size", footer: false) { [weak self] in self?.presenter.sort(by: .size) }
        bind([.character("t")], "by time", footer: false) { [weak self] in self?.presenter.sort(by: .time) }
        bind([.character("f")], "find") { [weak self] in self?.presenter.askToFind() }
        let hasFind: @MainActor () -> Bool = { [weak self] in self?.presenter.findQuery != nil }
        bind([.character("n")], "next", when: hasFind) { [weak self] in self?.presenter.findNext(forward: true) }
        bind([.character("N")], "previous", when: hasFind) { [weak self] in self?.presenter.findNext(forward: false) }
        bind([.character(" ")], "mark") { [weak self] in self?.presenter.toggleMark() }
        bind([.character("y")], "copy") { [weak self] in self?.presenter.take(moving: false) }
        bind([.character("d")], "cut") { [weak self] in self?.presenter.take(moving: true) }
        bind([.character("p")], "paste") { [weak self] in self?.presenter.paste() }
        bind([.character("r")], "rename") { [weak self] in self?.presenter.renameHighlighted() }
        bind([.character("D"), .delete], "trash") { [weak self] in self?.presenter.trashChosen() }
        bind([.character("b")], "bookmark") { [weak self] in self?.presenter.bookmarkFolder() }
        bind([.character("~")], "bookmarks") { [weak self] in self?.presenter.showBookmarks() }
        bind([.character(".")], "hidden") { [weak self] in self?.presenter.toggleHidden() }
        bind([.character("i")], "mode/owner") { [weak self] in self?.presenter.toggleDetails() }
        let onAFile: @MainActor () -> Bool = { [weak self] in
            guard let self else { return false }
            return self.table.selectedIndex.flatMap(self.presenter.entry(atRow:)).map { !$0.opensAsDirectory } ?? false
        }
        // Enter on a file edits it, as `e` does: a key the screen declares
        // is the screen's, so the table's Enter (open) is left to folders,
        // and Right and `l` still preview a file.
        bind([.character("e"), .enter], "edit", when: onAFile) { [weak self] in self?.open(in: .editor) }
        bind([.character("o")], "pager", when: onAFile) { [weak self] in self?.open(in: .pager) }
        // The bottom screen's back goes up a folder (the router's back, one
        // screen down, has nothing to pop there).
        bind([.left, .character("h"), .backspace], "parent", when: { [weak self] in
            // An applied filter is cleared by back first, as on every screen.
            guard let self else { return false }
            return self.presenter.leadsUp && !self.table.isFiltering
        }) {
            [weak self] in self?.presenter.goUp()
        }
        presenter.view = self
        presenter.viewDidLoad()
    }

    @discardableResult
    private func open(in opener: FileOpener) -> Bool {
        guard let row = table.selectedIndex else { return false }
        return presenter.open(row: row, in: opener)
    }

    override func handle(_ event: LifecycleEvent) {
        super.handle(event)
        if case .didAppear(movingToParent: false) = event { presenter.viewDidAppear() }
        // Pushed: the pane follows this screen's highlighted entry (one
        // read before the push was not the top screen's yet).
        if case .didAppear(movingToParent: true) = event { presenter.viewDidBecomeTop() }
        if case .gainedFocus = event { presenter.viewDidAppear() }
    }

    // MARK: DirectoryView

    func showEntries() {
        table.reloadData()
        updateStatus()
    }

    func showProgress(_ progress: WorkProgress?) {
        table.showProgress(progress)
        if progress == nil { updateStatus() }
    }

    func showProblem(_ message: String) {
        problem = message
        table.emptyMessage = message
        updateStatus()
    }

    func select(row: Int) { table.selectedIndex = row }

    func showSort(_ order: EntrySort?, ascending: Bool) {
        table.sortColumn = order.flatMap { sortColumns[$0] }
        table.sortAscending = ascending
        table.reloadData()
    }

    func showColumns(details: Bool) {
        let sorted = table.sortColumn != nil
        table.columns = details ? Self.detailColumns : Self.columns
        showSort(sorted ? presenter.order : nil, ascending: presenter.ascending)
    }

    func showFind(_ status: String) {
        findStatus = status
        updateStatus()
    }

    private func updateStatus() {
        var parts: [String] = []
        if let problem { parts.append("⚠ " + problem) }
        if let findStatus { parts.append(findStatus) }
        if !presenter.showsHidden { parts.append("hidden off") }
        table.statusText = parts.isEmpty ? nil : parts.joined(separator: "  ")
    }
}
