/// What the process table's presenter may tell its view.
@MainActor
package protocol ProcessesView: AnyObject {
    /// The rows changed (a refresh, the tree mode): ask again.
    func showRows()
    /// The header: the meters and the lines of text.
    func showHeader(_ header: MonitorHeader)
    /// The CPU history graph: `values` (0...100), oldest first, in place of
    /// what it showed (`appending` false), or added to it (true).
    func showHistory(_ values: [Double], appending: Bool)
    /// The table shows a tree (children under their parent, not sortable)
    /// or a flat list sortable by any column.
    func showTree(_ isTree: Bool)
}
