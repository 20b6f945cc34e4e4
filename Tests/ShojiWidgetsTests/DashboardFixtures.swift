import ShojiCurses
@testable import ShojiWidgets

/// A screen of dashboard widgets stacked top to bottom, each given a fixed
/// number of rows, for the snapshot tests (the framework's layout is
/// another piece of work). Each widget's row damage goes to the panel.
@MainActor
final class StackedWidgetsView: PanelView {
    let parts: [(widget: any Widget, height: Int)]

    init(_ parts: [(any Widget, Int)]) {
        self.parts = parts.map { (widget: $0.0, height: $0.1) }
        super.init(title: "dashboard")
        for part in self.parts {
            part.widget.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
            part.widget.onNeedsDisplayInRows = { [weak self] rows in self?.setNeedsDisplay(rows: rows) }
        }
    }

    override func draw(_ canvas: inout Canvas) {
        var y = 0
        for part in parts {
            var area = canvas.subcanvas(CellRect(x: 0, y: y, width: canvas.size.width, height: part.height))
            part.widget.draw(&area)
            y += part.height
        }
    }
}

/// A headless screen with one panel that draws `widget` from row `top`,
/// wired as a host wires it: row damage redraws those panel rows.
@MainActor
struct DamageProbe {
    let screen: TerminalScreen
    let panel: TerminalPanel

    init(_ widget: any Widget, size: CellSize, top: Int = 2, height: Int? = nil) {
        screen = TerminalScreen.headless(size: size)
        let panel = screen.makePanel { CellRect(size: $0) }
        self.panel = panel
        panel.draw = { canvas in
            var area = canvas.subcanvas(CellRect(x: 0, y: top, width: canvas.size.width,
                                                 height: height ?? canvas.size.height - top))
            widget.draw(&area)
        }
        // Weakly: the panel's draw holds the widget, and a cycle outlived the test.
        widget.onNeedsDisplay = { [weak panel] in panel?.setNeedsDisplay() }
        widget.onNeedsDisplayInRows = { [weak panel] rows in panel?.setNeedsDisplay(rows: rows) }
        _ = screen.snapshot()
    }

    /// Renders what was asked for and reads the screen back.
    func render() -> ScreenSnapshot { screen.snapshot() }

    /// What a full redraw shows: the reference a partial one must match.
    func fullRedraw() -> ScreenSnapshot {
        panel.setNeedsDisplay()
        return screen.snapshot()
    }
}
