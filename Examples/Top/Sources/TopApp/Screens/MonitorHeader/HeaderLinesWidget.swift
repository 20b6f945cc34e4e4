import ShojiAppKit

/// Lines of text, one per row, cut at the right edge: the header's load,
/// uptime and tasks. Asks to redraw only the rows whose text changed.
@MainActor
final class HeaderLinesWidget: Widget {
    var onNeedsDisplay: (() -> Void)?
    var onNeedsDisplayInRows: (([Int]) -> Void)?
    private(set) var lines: [String] = []

    func show(_ newLines: [String]) {
        let changed = (0..<max(lines.count, newLines.count)).filter {
            ($0 < lines.count ? lines[$0] : nil) != ($0 < newLines.count ? newLines[$0] : nil)
        }
        lines = newLines
        if !changed.isEmpty { onNeedsDisplayInRows?(changed) }
    }

    func draw(_ canvas: inout Canvas) {
        for (row, line) in lines.enumerated() { canvas.text(line, at: CellPoint(x: 0, y: row)) }
    }

    func measuredHeight(forWidth width: Int) -> Int? { lines.count }
}
