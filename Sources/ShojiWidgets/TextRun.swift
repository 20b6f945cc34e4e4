import ShojiCurses

/// A piece of text in one style; a line is a sequence of runs.
public struct TextRun: Hashable, Sendable {
    /// The text.
    public var text: String
    /// How it looks.
    public var style: Style
    /// A run of `text` in `style`.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }
}

extension TextRun {
    /// `runs` with the unicode scalars at offsets `range` of their joined
    /// text (a filter's match) restyled by `mark`, each run cut where the
    /// range starts and ends; the text is unchanged.
    static func marking(_ runs: [TextRun], scalars range: Range<Int>, _ mark: (Style) -> Style) -> [TextRun] {
        var result: [TextRun] = []
        var offset = 0
        for run in runs {
            let scalars = run.text.unicodeScalars
            let count = scalars.count
            let lower = min(max(range.lowerBound - offset, 0), count)
            let upper = min(max(range.upperBound - offset, 0), count)
            offset += count
            guard lower < upper else {
                result.append(run)
                continue
            }
            let from = scalars.index(scalars.startIndex, offsetBy: lower)
            let to = scalars.index(scalars.startIndex, offsetBy: upper)
            if lower > 0 { result.append(TextRun(String(scalars[..<from]), run.style)) }
            result.append(TextRun(String(scalars[from..<to]), mark(run.style)))
            if upper < count { result.append(TextRun(String(scalars[to...]), run.style)) }
        }
        return result
    }
}

/// Cell-level layout shared by widgets that mix styles on a line (matches,
/// footer keys) and still need one clean `…` where the whole line is cut.
@MainActor
enum StyledCells {
    struct Cell {
        var cell: TextCell
        var style: Style
    }

    /// The cells of `runs`, stopping at the first one that ends past `limit`
    /// columns (see `DisplayText.cells(_:upTo:)`).
    static func cells(_ runs: [TextRun], upTo limit: Int = .max) -> [Cell] {
        var result: [Cell] = []
        var used = 0
        for run in runs {
            if used > limit { break }
            let cells = DisplayText.cells(run.text, upTo: limit == .max ? .max : limit - used)
            result += cells.map { Cell(cell: $0, style: run.style) }
            used += cells.reduce(0) { $0 + $1.width }
        }
        return result
    }

    /// The end of `runs` that is a little wider than `limit` columns (or all
    /// of them), found from the end so the start of a long text is never
    /// laid out: what `clipHead` needs.
    static func tail(_ runs: [TextRun], columns limit: Int) -> [TextRun] {
        var kept: [TextRun] = []
        var used = 0
        for run in runs.reversed() {
            let scalars = run.text.unicodeScalars
            var start = scalars.endIndex
            while start > scalars.startIndex, used <= limit {
                start = scalars.index(before: start)
                used += DisplayText.width(of: scalars[start])
            }
            kept.insert(TextRun(String(scalars[start...]), run.style), at: 0)
            if used > limit { break }
        }
        return kept
    }

    static func width(_ cells: [Cell]) -> Int { cells.reduce(0) { $0 + $1.cell.width } }

    /// The cells that fit in `width`; when cut, the last column shows `…` in
    /// the style of the text it replaces.
    static func clip(_ cells: [Cell], to width: Int, ellipsis: Bool = true) -> [Cell] {
        guard width > 0 else { return [] }
        var kept = cells
        var used = Self.width(kept)
        guard used > width else { return kept }
        let room = ellipsis ? width - 1 : width
        var cutStyle = kept.last?.style ?? .plain
        while used > room, let last = kept.popLast() {
            used -= last.cell.width
            cutStyle = last.style
        }
        if ellipsis {
            kept.append(Cell(cell: DisplayText.ellipsisCell, style: cutStyle))
        }
        return kept
    }

    /// Keeps the end of the text: when cut, the first column shows `…`.
    static func clipHead(_ cells: [Cell], to width: Int) -> [Cell] {
        guard width > 0 else { return [] }
        var used = self.width(cells)
        guard used > width else { return cells }
        var start = 0
        while used > width - 1, start < cells.count {
            used -= cells[start].cell.width
            start += 1
        }
        let style = cells.indices.contains(start) ? cells[start].style : .plain
        return [Cell(cell: DisplayText.ellipsisCell, style: style)] + cells[start...]
    }

    static func string(_ cells: some Sequence<Cell>) -> String {
        var scalars = String.UnicodeScalarView()
        for cell in cells { scalars.append(contentsOf: cell.cell.scalars) }
        return String(scalars)
    }
}

extension Canvas {
    /// Draws `runs` (text in several styles: a label and its value, a match
    /// highlighted in a title) as one line from `point`, clipped to `width`
    /// columns (to the right edge by default) with a single `…` where cut,
    /// at the end or, with `keepingEnd`, at the start (a path whose last
    /// component matters). Characters are measured by display width, wide
    /// ones and grapheme clusters are never split. Returns the columns used.
    /// For a view that draws its own content in its `draw(_:)`.
    @discardableResult
    public func draw(_ runs: [TextRun], at point: CellPoint, width: Int? = nil, keepingEnd: Bool = false) -> Int {
        let room = min(width ?? size.width - point.x, size.width - point.x)
        if let drawn = drawUncut(runs, at: point, room: room) { return drawn }
        if let drawn = drawFitting(runs, at: point, room: room) { return drawn }
        let cells = keepingEnd ? StyledCells.clipHead(StyledCells.cells(StyledCells.tail(runs, columns: room)), to: room)
                               : StyledCells.clip(StyledCells.cells(runs, upTo: room), to: room)
        draw(cells, at: point)
        return StyledCells.width(cells)
    }

    /// Runs of printable ASCII that fit need no cells: each is drawn as it
    /// is, after the one before (a list row's title and its highlighted
    /// match, on every redraw). Nil when they need cutting or are not ASCII.
    private func drawUncut(_ runs: [TextRun], at point: CellPoint, room: Int) -> Int? {
        var total = 0
        for run in runs {
            let count = run.text.utf8.count
            total += count
            // Past the room (ASCII is a column a byte) before any byte is read.
            guard total <= room, DisplayText.startsWithPrintableASCII(run.text, count: count) else { return nil }
        }
        var x = point.x
        for run in runs where !run.text.isEmpty {
            text(run.text, at: CellPoint(x: x, y: point.y), style: run.style, width: room - (x - point.x), ellipsis: false)
            x += run.text.utf8.count
        }
        return total
    }

    /// Runs that fit whole (a breadcrumb with its `›`, a title with an
    /// accent) need no cutting either: each is drawn as it is, where laying
    /// the line out as styled cells first and drawing those again costs a
    /// header's whole draw. Nil when they do not fit.
    private func drawFitting(_ runs: [TextRun], at point: CellPoint, room: Int) -> Int? {
        var widths: [Int] = []
        widths.reserveCapacity(runs.count)
        var total = 0
        for run in runs {
            let width = DisplayText.width(of: run.text)
            total += width
            guard total <= room else { return nil }
            widths.append(width)
        }
        var x = point.x
        for (run, width) in zip(runs, widths) where !run.text.isEmpty {
            text(run.text, at: CellPoint(x: x, y: point.y), style: run.style, width: width, ellipsis: false)
            x += width
        }
        return total
    }

    /// Draws already clipped cells, one `text` call per run of equal style.
    func draw(_ cells: [StyledCells.Cell], at point: CellPoint) {
        var x = point.x
        var start = 0
        while start < cells.count {
            var end = start
            while end < cells.count, cells[end].style == cells[start].style { end += 1 }
            let piece = cells[start..<end]
            let pieceWidth = piece.reduce(0) { $0 + $1.cell.width }
            text(StyledCells.string(piece), at: CellPoint(x: x, y: point.y), style: cells[start].style,
                 width: pieceWidth, ellipsis: false)
            x += pieceWidth
            start = end
        }
    }
}
