/// What a `TreeWidget` shows: nodes and their children, asked for lazily.
/// The widget asks for a node's children count when it is expanded, and
/// for a child, its title and whether it expands only when its row is on
/// screen, so a node of a million children costs what shows.
@MainActor
public protocol TreeDataSource: AnyObject {
    /// A node; equal nodes are the same node (a selection and expanded
    /// nodes are kept across `TreeWidget.reloadData()` by it).
    associatedtype Node: Hashable

    /// How many children `node` has; nil asks for the top level.
    func numberOfChildren(of node: Node?) -> Int
    /// Child `index` of `node` (nil: of the top level).
    func child(_ index: Int, of node: Node?) -> Node
    /// The text of `node`'s row.
    func title(of node: Node) -> String
    /// Whether `node` can be expanded (has or may have children).
    func isExpandable(_ node: Node) -> Bool
}
