import ShojiCurses

/// Lines of text that take no keys: a header's counters ("Tasks: 312, 2
/// running"), a caption above a pane, a status under it. Each line is a
/// sequence of styled runs, cut with `…` where it is wider than the widget;
/// a line past the widget's height is not drawn.
///
/// Showing new lines redraws only the rows whose text changed (in its
/// panel's coordinates, as `Widget.onNeedsDisplayInRows` asks), so a header
/// refreshed every second costs the lines that moved. It measures as tall
/// as its lines, for a `.content` pane.
///
///     let counters = LabelWidget()
///     counters.show(["Tasks: 312, 2 running", "Load average: 0.52 0.58 0.59"])
@MainActor
public final class LabelWidget: Widget {
    /// The lines shown, each a sequence of styled runs.
    public private(set) var lines: [[TextRun]]
    /// Set by the owner: called when the look changed before the widget was drawn.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the rows (panel coordinates) whose text changed.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// Where the widget's first row was in its panel at the last draw.
    private var originInPanel: CellPoint?

    /// A label showing `lines` in the plain style.
    public init(_ lines: [String] = []) {
        self.lines = lines.map { [TextRun($0)] }
    }

    /// Shows `lines` in the plain style.
    public func show(_ lines: [String]) { show(runs: lines.map { [TextRun($0)] }) }

    /// Shows `lines`, each a sequence of styled runs; only the rows whose
    /// runs changed are drawn again.
    public func show(runs lines: [[TextRun]]) {
        let old = self.lines
        self.lines = lines
        let changed = (0..<max(old.count, lines.count)).filter { row in
            (row < old.count ? old[row] : nil) != (row < lines.count ? lines[row] : nil)
        }
        guard !changed.isEmpty else { return }
        guard let originInPanel, let onNeedsDisplayInRows else { return onNeedsDisplay?() ?? () }
        onNeedsDisplayInRows(changed.map { originInPanel.y + $0 })
    }

    /// Draws each line on its row, cut to the width.
    public func draw(_ canvas: inout Canvas) {
        originInPanel = canvas.originInPanel
        for (row, runs) in lines.enumerated() where row < canvas.size.height && canvas.needsDrawing(row: row) {
            _ = canvas.draw(runs, at: CellPoint(x: 0, y: row))
        }
    }

    /// As tall as its lines.
    public func measuredHeight(forWidth width: Int) -> Int? { lines.count }
}
