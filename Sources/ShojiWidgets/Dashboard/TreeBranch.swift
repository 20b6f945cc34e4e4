/// An expanded node of a tree and the rows below it: the flat index of a
/// tree's visible rows, kept up to date as nodes expand and collapse
/// rather than rebuilt. Only expanded nodes are held; a row of a node
/// that is not expanded is found by arithmetic, never by asking for its
/// siblings, so a million children under one node cost one count.
final class TreeBranch<Node: Hashable> {
    /// The node expanded; nil for the top level.
    let node: Node?
    /// How many children it has.
    var childCount: Int
    /// Its expanded children, by index, in increasing order.
    private(set) var expandedChildren: [(index: Int, branch: TreeBranch)] = []
    /// The rows below it: its children and theirs while expanded.
    private(set) var rowCount: Int
    /// The branch it is a child of, and which child it is.
    private(set) weak var parent: TreeBranch?
    private(set) var indexInParent = 0

    init(node: Node?, childCount: Int) {
        self.node = node
        self.childCount = childCount
        rowCount = childCount
    }

    /// A row: the branches from the top level down, and which child of
    /// the last one the row's node is.
    struct Location {
        /// The branch whose child the row's node is.
        let branch: TreeBranch
        /// Which child of `branch`.
        let index: Int
        /// Levels above the node (0 on the top level).
        let depth: Int
    }

    /// Where `row` (0 is the first child's row) is below this branch.
    func locate(_ row: Int, depth: Int = 0) -> Location? {
        guard row >= 0, row < rowCount else { return nil }
        var passed = 0  // rows of expanded children before the one looked at
        for (index, branch) in expandedChildren {
            let rowOfChild = index + passed
            if row <= rowOfChild { break }
            if row <= rowOfChild + branch.rowCount { return branch.locate(row - rowOfChild - 1, depth: depth + 1) }
            passed += branch.rowCount
        }
        return Location(branch: self, index: row - passed, depth: depth)
    }

    /// The row of child `index` of this branch, counted from the top level.
    func row(ofChild index: Int) -> Int {
        var row = index
        for (openIndex, branch) in expandedChildren where openIndex < index { row += branch.rowCount }
        guard let parent else { return row }
        return parent.row(ofChild: indexInParent) + 1 + row
    }

    /// The expanded child `index`, if it is expanded.
    func branch(at index: Int) -> TreeBranch? {
        expandedChildren.first { $0.index == index }?.branch
    }

    /// Expands child `index` (`node`, of `count` children).
    @discardableResult
    func expand(_ index: Int, node: Node, count: Int) -> TreeBranch {
        if let existing = branch(at: index) { return existing }
        let branch = TreeBranch(node: node, childCount: count)
        branch.parent = self
        branch.indexInParent = index
        let position = expandedChildren.firstIndex { $0.index > index } ?? expandedChildren.count
        expandedChildren.insert((index, branch), at: position)
        grow(by: count)
        return branch
    }

    /// Collapses child `index`, forgetting what was expanded below it.
    func collapse(_ index: Int) {
        guard let position = expandedChildren.firstIndex(where: { $0.index == index }) else { return }
        let branch = expandedChildren.remove(at: position).branch
        branch.parent = nil
        grow(by: -branch.rowCount)
    }

    /// Keeps the expanded children found again after the data changed:
    /// `newIndex` gives each one's new index, nil when it is gone.
    func reindex(childCount: Int, _ newIndex: (TreeBranch) -> Int?) {
        let before = rowCount
        self.childCount = childCount
        var kept: [(index: Int, branch: TreeBranch)] = []
        for (_, branch) in expandedChildren {
            guard let index = newIndex(branch), index < childCount else {
                branch.parent = nil  // gone: a location in it is stale
                continue
            }
            branch.indexInParent = index
            kept.append((index, branch))
        }
        expandedChildren = kept.sorted { $0.index < $1.index }
        rowCount = childCount + expandedChildren.reduce(0) { $0 + $1.branch.rowCount }
        parent?.grow(by: rowCount - before)
    }

    private func grow(by rows: Int) {
        rowCount += rows
        parent?.grow(by: rows)
    }
}
