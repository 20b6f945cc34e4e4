import CShojiCurses

extension TerminalScreen {
    /// The lines of the standard screen and of every visible panel that are
    /// touched now, about to be composed (`countsTouchedLines`, for tests).
    func touchedLines() -> Int {
        var windows = [cn_stdscr()].compactMap { $0 }
        windows += allPanels.filter { !$0.isHidden && !$0.frame.isEmpty }.map(\.window)
        return windows.reduce(0) { total, window in
            total + (0..<getmaxy(window)).filter { is_linetouched(window, $0) }.count
        }
    }
}
