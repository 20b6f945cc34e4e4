import CShojiCurses

/// Where the terminal cursor goes after a frame: the cursor of the panel of
/// the view with the keys (`cursorPanel`), else of the topmost visible panel
/// that asks for one; hidden when none does.
extension TerminalScreen {
    /// Shows the cursor where `topCursor()` says, or hides it.
    func placeCursor(hidden: Bool) {
        guard !hidden, let (panel, position) = topCursor() else {
            curs_set(0)
            isCursorVisible = false
            return
        }
        curs_set(1)
        isCursorVisible = true
        wmove(panel.window, Int32(position.y), Int32(position.x))
        wnoutrefresh(panel.window)
    }

    /// The cursor of `cursorPanel` when set, else of the topmost visible
    /// panel that asks for one.
    func topCursor() -> (TerminalPanel, CellPoint)? {
        if let cursorPanel {
            guard let panel = cursorPanel(), !panel.isHidden, let position = panel.cursor else { return nil }
            return (panel, position)
        }
        var current = panel_above(nil)
        var found: (TerminalPanel, CellPoint)?
        while let pointer = current {
            if let panel = allPanels.first(where: { $0.panelPointer == pointer }), !panel.isHidden {
                found = panel.cursor.map { (panel, $0) }
            }
            current = panel_above(pointer)
        }
        return found
    }
}
