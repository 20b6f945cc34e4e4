import ShojiCurses
import ShojiNavigation

/// The keys, the mouse, the text cursor and the focus among the children.
extension LayoutWidget {
    // MARK: Focus

    /// Gives the keys to child `index` when it is focusable and shown.
    public func focus(_ index: Int) {
        guard children.indices.contains(index), children[index].focusable, isShown(index),
              index != focusedIndex else { return }
        focusedIndex = index
        applyFocus()
        onFocusChange?(index)
        // The boxes of the pane that lost the keys and the one that got them.
        needsDisplay(rows: nil)
    }

    /// Moves the keys to the next focusable child shown, wrapping around;
    /// false when there is no other.
    @discardableResult
    public func focusNext() -> Bool { moveFocus(from: focusedIndex ?? -1, by: 1) }

    /// Moves the keys to the previous focusable child shown, wrapping
    /// around; false when there is no other.
    @discardableResult
    public func focusPrevious() -> Bool { moveFocus(from: focusedIndex ?? children.count, by: -1) }

    /// Focuses the first focusable child shown `step` places on from
    /// `start`, wrapping (`PaneCycle`, the rule a split's columns follow
    /// too); false when it would be the one focused now.
    @discardableResult
    func moveFocus(from start: Int, by step: Int) -> Bool {
        let next = PaneCycle.next(from: start, by: step, count: children.count, focused: focusedIndex) { index in
            children[index].focusable && isShown(index)
        }
        guard let next else {
            if let focusedIndex, !isShown(focusedIndex) { self.focusedIndex = nil }
            return false
        }
        focus(next)
        return true
    }

    /// Tells each child whether it has the keys: only the focused one, and
    /// only while the layout has them.
    func applyFocus() {
        for (index, item) in children.enumerated() {
            item.widget.setFocused(isFocused && index == focusedIndex)
        }
    }

    /// The owner says whether the layout has the keys (a modal above, a
    /// column of a split without them): the focused child hears it too.
    public func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        applyFocus()
        needsDisplay(rows: nil)
    }

    /// The focusable children shown now.
    var focusableShown: [Int] { children.indices.filter { children[$0].focusable && isShown($0) } }

    // MARK: Keys

    /// The focused child's bindings, then Tab / Shift-Tab between the panes
    /// when two or more can take the keys, then the panes' own focus keys
    /// (`LayoutItem.focusKey`, out of the footer).
    public var bindings: [KeyBinding] {
        let own = focusableShown.count >= 2 ? paneBindings + focusKeyBindings : []
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return own }
        return children[focusedIndex].widget.bindings + own
    }

    /// A binding per shown focusable child with a `focusKey`, made again
    /// only when the children change.
    private var focusKeyBindings: [KeyBinding] {
        let made = madeFocusKeyBindings ?? children.indices.compactMap { index -> KeyBinding? in
            let item = children[index]
            guard item.focusable, let key = item.focusKey else { return nil }
            let name = item.title ?? (item.widget as? StackPane)?.title ?? "pane \(index + 1)"
            return KeyBinding(focusKey: key, to: name) { [weak self] in self?.focus(index) }
        }
        madeFocusKeyBindings = made
        return made.filter { binding in
            children.indices.contains { isShown($0) && children[$0].focusKey.map(binding.keys.contains) == true }
        }
    }

    /// Made once, so the footer can tell nothing changed.
    private var paneBindings: [KeyBinding] {
        if let made = madePaneBindings { return made }
        let made = [
            KeyBinding([.tab], "next pane") { [weak self] in self?.focusNext() },
            KeyBinding([.backTab], "previous pane") { [weak self] in self?.focusPrevious() },
        ]
        madePaneBindings = made
        return made
    }

    /// A mouse event goes to the child under it; any other key to the
    /// focused child, then to Tab / Shift-Tab.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        if let focusedIndex, children.indices.contains(focusedIndex), children[focusedIndex].widget.handle(key) {
            return true
        }
        return (focusableShown.count >= 2 ? paneBindings + focusKeyBindings : []).dispatch(key)
    }

    /// `event` (layout coordinates) to the child whose pane it is in, in
    /// the child's coordinates; a press on a focusable child that does not
    /// have the keys gives them to it first (a press on its border only that).
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard let frames = laidOut?.frames,
              let index = frames.indices.first(where: { frames[$0]?.contains(event.position) == true && isInFront($0) })
        else { return false }
        var focused = false
        if event.action == .press, children[index].focusable, index != focusedIndex {
            focus(index)
            focused = focusedIndex == index
        }
        guard let inner = contentFrame(of: index), inner.contains(event.position) else { return focused }
        return children[index].widget.handle(.mouse(event.relative(to: inner.origin))) || focused
    }

    // MARK: Back

    /// The focused child's: a pane's stack above its root (`StackPane`)
    /// goes back before the stack holding the screen.
    public var canGoBack: Bool {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return false }
        return children[focusedIndex].widget.canGoBack
    }

    /// Goes back inside the focused child.
    public func goBack() -> BackOutcome {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return .atRoot }
        return children[focusedIndex].widget.goBack()
    }

    /// The focused child's: the pane the user is in names the path.
    public var routeComponents: [String] {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return [] }
        return children[focusedIndex].widget.routeComponents
    }

    // MARK: Text

    /// The focused child's: a text field there takes printable keys.
    public var isEditingText: Bool {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return false }
        return children[focusedIndex].widget.isEditingText
    }

    /// The focused child's cursor, moved by where its pane is; nil when it
    /// has none or it falls outside the pane.
    public var cursorPosition: CellPoint? {
        guard let focusedIndex, let inner = contentFrame(of: focusedIndex),
              let cursor = children[focusedIndex].widget.cursorPosition else { return nil }
        let point = CellPoint(x: inner.x + cursor.x, y: inner.y + cursor.y)
        return inner.contains(point) ? point : nil
    }
}
