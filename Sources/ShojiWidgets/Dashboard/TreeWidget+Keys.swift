import ShojiCurses

extension TreeWidget {
    /// The bindings, for the footer and help: the motions, expand,
    /// collapse and toggle.
    public var bindings: [KeyBinding] { treeBindings }

    /// Handles `key` (a mouse report included). Left/`h` on a top-level
    /// node that is not expanded is not used (it means back).
    public func handle(_ key: TerminalKey) -> Bool {
        switch key {
        case .left, .character("h"): return collapseOrGoToParent()
        case .right, .character("l"): return expandOrGoToChild()
        case .mouse(let event): return handleMouse(event)
        default: return bindings.dispatch(key)
        }
    }

    /// Expands the selected node; an expanded one selects its first child.
    @discardableResult
    public func expandOrGoToChild() -> Bool {
        if isExpanded(row: selectedRow) {
            guard rowCount > selectedRow + 1, parentRow(of: selectedRow + 1) == selectedRow else { return true }
            select(row: selectedRow + 1)
            return true
        }
        return expand(row: selectedRow)
    }

    /// Collapses the selected node, or selects its parent; false on a
    /// top-level node that is not expanded.
    @discardableResult
    public func collapseOrGoToParent() -> Bool {
        if collapse(row: selectedRow) { return true }
        guard let parent = parentRow(of: selectedRow) else { return false }
        select(row: parent)
        return true
    }

    /// Enter: toggles a node that expands, chooses one that does not.
    func activate() {
        guard let node = selectedNode else { return }
        if dataSource.isExpandable(node) { toggle(row: selectedRow) } else { onChoose?(node) }
    }

    /// A click selects the row under it, a double click activates it; the
    /// wheel scrolls three rows a step, leaving the selection.
    func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.action {
        case .wheelUp, .wheelDown:
            let step = event.action == .wheelUp ? -3 : 3
            let target = min(max(0, scrollOffset + step), max(0, rowCount - pageHeight))
            guard target != scrollOffset else { return true }
            scrollOffset = target
            redrawAll()
            return true
        case .press where event.button == .left:
            let row = scrollOffset + event.position.y
            guard event.position.y >= 0, row < rowCount else { return false }
            select(row: row)
            if event.isDoubleClick { activate() }
            return true
        default:
            return false
        }
    }

    /// The bindings made once (a footer tells a binding by its declaration).
    static func makeBindings(_ tree: TreeWidget) -> [KeyBinding] {
        KeyBinding.motions { [weak tree] in tree?.move($0) } + [
            KeyBinding([.right, .character("l")], "expand") { [weak tree] in tree?.expandOrGoToChild() },
            KeyBinding([.left, .character("h")], "collapse", footer: false) { [weak tree] in
                tree?.collapseOrGoToParent()
            },
            KeyBinding([.enter, .character(" ")], "toggle") { [weak tree] in tree?.activate() },
        ]
    }
}
