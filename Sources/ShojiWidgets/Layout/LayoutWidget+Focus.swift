import ShojiCurses
import ShojiNavigation

/// The keys, the mouse, the text cursor and the focus among the children.
extension LayoutWidget {
    // MARK: Focus

    /// Gives the keys to child `index` when it can take them (focusable, or
    /// a layout of panes that are) and is shown.
    public func focus(_ index: Int) {
        guard children.indices.contains(index), canTakeKeys(index), isShown(index),
              index != focusedIndex else { return }
        let inFront = children.indices.filter(isInFront)
        focusedIndex = index
        // A pane uncovered hears it shows before it hears it has the keys.
        tellUncovered(wasInFront: inFront)
        applyFocus()
        onFocusChange?(index)
        // The boxes of the pane that lost the keys and the one that got them.
        needsDisplay(rows: nil)
    }

    /// Moves the keys to the next pane of the layout's focus chain (its
    /// focusable children shown, through nested layouts, in reading
    /// order), wrapping around; false when there is no other.
    @discardableResult
    public func focusNext() -> Bool { moveAlongChain(by: 1) }

    /// Moves the keys to the previous pane of the layout's focus chain,
    /// wrapping around; false when there is no other.
    @discardableResult
    public func focusPrevious() -> Bool { moveAlongChain(by: -1) }

    /// Focuses the first focusable child shown `step` places on from
    /// `start`, wrapping (`PaneCycle`, the rule a split's columns follow
    /// too); false when it would be the one focused now.
    @discardableResult
    func moveFocus(from start: Int, by step: Int) -> Bool {
        let next = PaneCycle.next(from: start, by: step, count: children.count, focused: focusedIndex) { index in
            canTakeKeys(index) && isShown(index)
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

    /// The children shown now that can take the keys.
    var focusableShown: [Int] { children.indices.filter { canTakeKeys($0) && isShown($0) } }

    // MARK: Keys

    /// The focused child's bindings, then Tab / Shift-Tab along the focus
    /// chain when two or more panes can take the keys, then the panes' own
    /// focus keys (`LayoutItem.focusKey`, out of the footer), at any depth.
    /// A nested layout, and one whose screen's key chain walks its panes
    /// (`KeyChain`), leaves those three to the walker.
    public var bindings: [KeyBinding] {
        let own = chainBindings
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return own }
        return children[focusedIndex].widget.bindings + own
    }

    /// A mouse event goes to the child under it; any other key to the
    /// focused child, then to Tab / Shift-Tab and the focus keys when this
    /// layout walks its focus chain.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        if let focusedIndex, children.indices.contains(focusedIndex) {
            // A stack pane's screen may be new since the chain was last
            // walked: its layout learns first that Tab is not its own.
            _ = nestedLayout(at: focusedIndex)
            if children[focusedIndex].widget.handle(key) { return true }
        }
        return chainBindings.dispatch(key)
    }

    /// `event` (layout coordinates) to the child whose pane it is in, in
    /// the child's coordinates; a press on a focusable child that does not
    /// have the keys gives them to it first (a press on its border only that).
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard let frames = laidOut?.frames,
              let index = frames.indices.first(where: { frames[$0]?.contains(event.position) == true && isInFront($0) })
        else { return false }
        var focused = false
        if event.action == .press, canTakeKeys(index), index != focusedIndex {
            focus(index)
            focused = focusedIndex == index
        }
        guard let inner = contentFrame(of: index), inner.contains(event.position) else { return focused }
        return children[index].widget.handle(.mouse(event.relative(to: inner.origin))) || focused
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
