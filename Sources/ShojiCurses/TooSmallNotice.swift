/// The screen shown instead of the app while the terminal is below the
/// minimum size; it goes away by itself when the terminal grows again.
@MainActor
final class TooSmallNotice {
    private unowned let screen: TerminalScreen
    private var panel: TerminalPanel?

    init(screen: TerminalScreen) { self.screen = screen }

    func update(visible: Bool, size: CellSize, minimum: CellSize) {
        guard visible else {
            panel?.isHidden = true
            return
        }
        let panel = self.panel ?? screen.makePanel { CellRect(size: $0) }
        self.panel = panel
        panel.isHidden = false
        panel.raise()
        panel.draw = { canvas in
            let full = ["terminal too small", "need \(minimum.width)x\(minimum.height)",
                        "have \(size.width)x\(size.height)"]
            // Too narrow for whole lines: a word per line reads better than cut lines.
            let fits = full.allSatisfy { DisplayText.width(of: $0) <= canvas.size.width }
            let lines = fits ? full : full.flatMap { $0.split(separator: " ").map(String.init) }
            let top = max(0, (canvas.size.height - lines.count) / 2)
            for (row, line) in lines.enumerated() {
                let x = max(0, (canvas.size.width - DisplayText.width(of: line)) / 2)
                canvas.text(line, at: CellPoint(x: x, y: top + row), style: row == 0 ? .bold : .plain)
            }
        }
        panel.drawIfNeeded()
    }
}
