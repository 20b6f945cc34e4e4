import CShojiCurses

/// The panels' z-order as the screen's owners made it. Curses keeps only
/// the shown panels in its stack: hiding one (`isHidden`, or a layout of
/// no size) forgets its place, and showing it puts it on top. The screen
/// keeps every panel's place itself, hidden ones included, and puts a
/// panel shown again back there.
extension TerminalScreen {
    /// Moves `panel` to the top or the bottom of the stacking order.
    func moveInStackingOrder(_ panel: TerminalPanel, toTop: Bool) {
        stackingOrder.removeAll { $0.panel == nil || $0.panel === panel }
        if toTop {
            stackingOrder.append(WeakPanel(panel: panel))
        } else {
            stackingOrder.insert(WeakPanel(panel: panel), at: 0)
        }
    }

    /// After curses showed `panel` on top: the shown panels meant to be
    /// above it go back above it, bottom to top. A panel with none above
    /// it (one just made, the top one) moves nothing.
    func restoreStackingOrder(above panel: TerminalPanel) {
        guard let index = stackingOrder.firstIndex(where: { $0.panel === panel }) else { return }
        for entry in stackingOrder[(index + 1)...] {
            guard let above = entry.panel, above.isShownByCurses else { continue }
            top_panel(above.panelPointer)
        }
    }
}
