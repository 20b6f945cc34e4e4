/// What the process table's presenter may tell its view.
@MainActor
package protocol ProcessesView: AnyObject {
    /// The rows changed (a refresh, the tree mode): ask again.
    func showRows()
    /// The table shows a tree (children under their parent, not sortable)
    /// or a flat list sortable by any column.
    func showTree(_ isTree: Bool)
    /// Selects the row at `row` (a deep link names its process).
    func select(row: Int)
}
