import ShojiCurses

/// Rows of nodes that expand and collapse, drawn with guides
/// (`├─▸ etc`, `│ └─ hosts`; ASCII without UTF-8), over a
/// ``TreeDataSource`` asked lazily: a node's children are counted when it
/// expands, and a child is asked for only when its row is on screen.
///
/// Keys: Up/Down (`k`/`j`), pages, Home/End (`g`/`G`); Right/`l` expands
/// (on an expanded node, goes to its first child); Left/`h` collapses, or
/// goes to the parent (on the top level, the key is not the tree's, so it
/// means back); Enter and space toggle, and Enter on a node that does not
/// expand chooses it (`onChoose`). Passive: it reports the highlighted
/// node through `onSelectionChange` and never navigates.
///
/// A move of the selection inside the page redraws its two rows
/// (`onNeedsDisplayInRows`); a scroll, an expansion or a collapse redraws all.
@MainActor
public final class TreeWidget<Source: TreeDataSource>: Widget {
    /// Where the nodes come from.
    public let dataSource: Source
    /// Called with the highlighted node whenever it changes (nil: no rows).
    public var onSelectionChange: ((Source.Node?) -> Void)?
    /// Called when Enter is pressed on a node that does not expand.
    public var onChoose: ((Source.Node) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the two rows (panel coordinates) a
    /// selection move inside the page changed.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme? { didSet { redrawAll() } }
    /// The selected row, from 0 at the top.
    public internal(set) var selectedRow = 0
    /// The first row shown.
    public internal(set) var scrollOffset = 0

    var root: TreeBranch<Source.Node>
    /// Rows shown at the last draw.
    var pageHeight = 10
    /// Where the last draw was: its top row in the panel and first row shown.
    var drawnPage: (top: Int, scrollOffset: Int)?
    var isFocused = true
    private var reported: Source.Node??
    lazy var treeBindings = Self.makeBindings(self)

    /// A tree over `dataSource`, its top level shown, nothing expanded.
    public init(dataSource: Source, theme: Theme? = nil) {
        self.dataSource = dataSource
        self.theme = theme
        root = TreeBranch(node: nil, childCount: dataSource.numberOfChildren(of: nil))
    }

    // MARK: Rows

    /// How many rows show: the top level and every expanded node's children.
    public var rowCount: Int { root.rowCount }

    /// The node on `row`; nil past the last row.
    public func node(atRow row: Int) -> Source.Node? {
        root.locate(row).map { dataSource.child($0.index, of: $0.branch.node) }
    }

    /// The highlighted node; nil when there are no rows.
    public var selectedNode: Source.Node? { node(atRow: selectedRow) }

    /// Whether the node on `row` is expanded.
    public func isExpanded(row: Int) -> Bool {
        guard let location = root.locate(row) else { return false }
        return location.branch.branch(at: location.index) != nil
    }

    // MARK: Expanding

    /// Expands the node on `row` when it expands; true when it did.
    @discardableResult
    public func expand(row: Int) -> Bool {
        guard let location = root.locate(row), location.branch.branch(at: location.index) == nil else { return false }
        let node = dataSource.child(location.index, of: location.branch.node)
        guard dataSource.isExpandable(node) else { return false }
        let branch = location.branch.expand(location.index, node: node, count: dataSource.numberOfChildren(of: node))
        if selectedRow > row { selectedRow += branch.rowCount }  // the selected node moves down
        redrawAll()
        return true
    }

    /// Collapses the node on `row`; true when it was expanded. A selection
    /// below it moves up to it.
    @discardableResult
    public func collapse(row: Int) -> Bool {
        guard let location = root.locate(row), let branch = location.branch.branch(at: location.index) else {
            return false
        }
        if selectedRow > row + branch.rowCount {
            selectedRow -= branch.rowCount  // below it: the selected node moves up
        } else if selectedRow > row {
            selectedRow = row  // inside it: the collapsed node
        }
        location.branch.collapse(location.index)
        clampScroll()
        redrawAll()
        reportSelection()
        return true
    }

    /// Expands the node on `row`, or collapses it when expanded.
    public func toggle(row: Int) {
        if !collapse(row: row) { expand(row: row) }
    }

    /// The row of the node that holds the node on `row`; nil on the top level.
    public func parentRow(of row: Int) -> Int? {
        guard let branch = root.locate(row)?.branch, let parent = branch.parent else { return nil }
        return parent.row(ofChild: branch.indexInParent)
    }

    /// Asks the data source again after its nodes changed. Expanded nodes
    /// that are still there stay expanded (found among their parent's
    /// children, which are asked for), and the selected node (the one last
    /// reported) stays selected.
    public func reloadData() {
        let selected = reported.flatMap { $0 }
        let parentOfSelected = root.locate(selectedRow)?.branch
        reload(root)
        if let selected, let parent = parentOfSelected, isAttached(parent), let index = index(of: selected, in: parent) {
            selectedRow = parent.row(ofChild: index)
        }
        selectedRow = min(max(0, selectedRow), max(0, rowCount - 1))
        clampScroll()
        redrawAll()
        reportSelection()
    }

    /// Whether `branch` is still in the tree: its parents lead to the top
    /// level (a reload drops a branch whose node is gone, and all below it).
    private func isAttached(_ branch: TreeBranch<Source.Node>) -> Bool {
        var current = branch
        while let parent = current.parent { current = parent }
        return current === root
    }

    private func reload(_ branch: TreeBranch<Source.Node>) {
        branch.reindex(childCount: dataSource.numberOfChildren(of: branch.node)) { child in
            child.node.flatMap { index(of: $0, in: branch) }
        }
        for index in 0..<branch.childCount {
            if let child = branch.branch(at: index) { reload(child) }
        }
    }

    private func index(of node: Source.Node, in branch: TreeBranch<Source.Node>) -> Int? {
        let count = dataSource.numberOfChildren(of: branch.node)
        return (0..<count).first { dataSource.child($0, of: branch.node) == node }
    }

    // MARK: Selection

    /// Moves the selection by `motion`, scrolling to keep it in view.
    public func move(_ motion: Motion) {
        select(row: motion.target(from: selectedRow, count: rowCount, page: pageHeight))
    }

    /// Selects `row` (clamped); redraws only the two rows when the page stays.
    public func select(row: Int) {
        let previous = selectedRow
        selectedRow = min(max(0, row), max(0, rowCount - 1))
        let offset = ScrollOffset.keeping(selectedRow, visible: pageHeight, count: rowCount, current: scrollOffset)
        if offset == scrollOffset, let page = drawnPage, page.scrollOffset == scrollOffset,
           let onNeedsDisplayInRows {
            if previous != selectedRow {
                onNeedsDisplayInRows([previous, selectedRow].map { page.top + $0 - scrollOffset })
            }
        } else {
            scrollOffset = offset
            redrawAll()
        }
        reportSelection()
    }

    func clampScroll() {
        scrollOffset = ScrollOffset.keeping(selectedRow, visible: pageHeight, count: rowCount, current: scrollOffset)
    }

    /// Tells `onSelectionChange` when the highlighted node is another.
    func reportSelection() {
        let now = selectedNode
        guard reported != .some(now) else { return }
        let first = reported == nil
        reported = .some(now)
        if first && now == nil { return }
        onSelectionChange?(now)
    }

    func redrawAll() {
        drawnPage = nil
        onNeedsDisplay?()
    }

    /// Draws the selection muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        redrawAll()
    }
}
