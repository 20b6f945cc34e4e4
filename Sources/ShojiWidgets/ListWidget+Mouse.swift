import ShojiCurses

/// The list under the mouse: the wheel and clicks.
extension ListWidget {
    /// A mouse event in the list's own coordinates (line 0 is the first row
    /// shown): the wheel scrolls the page by `wheelStep` rows and leaves the
    /// selection (and so what is previewed) where it is, a click selects the
    /// row under it, and a double click opens it as Enter does. A single
    /// click never opens, so a click to look never navigates by surprise.
    public func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.action {
        case .wheelUp:
            scrollPage(by: -wheelStep)
            return true
        case .wheelDown:
            scrollPage(by: wheelStep)
            return true
        case .press where event.button == .left:
            return click(line: event.position.y, opening: event.isDoubleClick)
        default:
            return false
        }
    }

    /// Selects the row drawn on `line` (0 is the first shown) and opens it
    /// when `opening`; false when no row is drawn there.
    func click(line: Int, opening: Bool) -> Bool {
        let row = scrollOffset + line
        guard line >= 0, line < visibleRowCount, row < visibleCount else { return false }
        select(row: row)
        if opening { choose() }
        return true
    }
}
