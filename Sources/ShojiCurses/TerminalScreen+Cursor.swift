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
            leaveCursorWhereTheFrameEnds()
            return
        }
        curs_set(1)
        isCursorVisible = true
        wmove(panel.window, Int32(position.y), Int32(position.x))
        wnoutrefresh(panel.window)
    }

    /// Nobody sees a hidden cursor, so ncurses may leave it where the
    /// frame's last change put it instead of moving it back to the window
    /// cursor of the panel refreshed last: a cursor move fewer per frame,
    /// each weighed by ncurses against every way it could be sent (a Down
    /// in the list makes 3 moves instead of 4). `leaveok` on the composed
    /// screen lasts one frame: `update_panels` (or the `wnoutrefresh` of a
    /// shown cursor) copies the window's own flag over it. Not while a
    /// cluster overlay is on screen: writing one puts the cursor back where
    /// curscr's cursor says, which must then be where ncurses left it.
    private func leaveCursorWhereTheFrameEnds() {
        guard !holdsClusterOverlays else { return }
        leaveok(cn_newscr(), true)
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
