import CShojiCurses

/// One cell of the composed screen as the terminal would show it.
public struct SnapshotCell: Hashable, Sendable {
    /// The character drawn, with its combining marks.
    public var text: String
    /// Bold, dim, reverse, underline, italic.
    public var attributes: TextAttributes
    /// The curses colour pair, 0 for the default colours.
    public var colorPair: Int
    /// The text colour as a curses colour number: 0-7 the basic colours,
    /// 8-15 their bright forms, 16-255 the xterm palette, -1 the terminal's
    /// default. Pair numbers depend on the order styles were first drawn;
    /// these do not, so pictures and comparisons use them.
    public var foreground: Int
    /// The cell colour as a curses colour number (-1 the terminal's default).
    public var background: Int

    /// A cell; the colours default to the terminal's own.
    public init(text: String, attributes: TextAttributes = [], colorPair: Int = 0,
                foreground: Int = -1, background: Int = -1)
    {
        self.text = text
        self.attributes = attributes
        self.colorPair = colorPair
        self.foreground = foreground
        self.background = background
    }
}

/// The composed screen (all panels, z-order applied) read back from curses,
/// so tests can assert on what a user would see and what is highlighted.
public struct ScreenSnapshot: Hashable, Sendable, CustomStringConvertible {
    /// The screen's size.
    public let size: CellSize
    /// Rows of cells; a wide character's continuation cell is left out.
    public let rows: [[SnapshotCell]]
    /// Where the terminal cursor is, or nil while the screen hides it.
    public let cursor: CellPoint?

    /// A snapshot made of `rows` (each row's cells, wide characters once),
    /// for tests of what renders snapshots; screens make theirs with
    /// `TerminalScreen.snapshot()`.
    public init(size: CellSize, rows: [[SnapshotCell]], cursor: CellPoint? = nil) {
        self.size = size
        self.rows = rows
        self.cursor = cursor
    }

    /// Each row's text with trailing spaces removed, for readable diffs.
    public var lines: [String] {
        rows.map { row in
            var line = row.map(\.text).joined()
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// A second layer, one mark per cell: `R` reverse, `B` bold, `U`
    /// underline, `D` dim (first that applies), else the colour pair (1-9,
    /// a-z) or a space for plain text. Trailing spaces are removed.
    public var attributeLines: [String] {
        rows.map { row in
            var line = ""
            for cell in row {
                let mark = ScreenSnapshot.mark(for: cell)
                line += String(repeating: mark, count: max(1, DisplayText.width(of: cell.text, asciiOnly: false)))
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// The text and attribute layers in one block, as stored in snapshot files.
    public var description: String {
        (lines + ["--- attributes ---"] + attributeLines).joined(separator: "\n")
    }

    /// Whether any row contains `text`.
    public func contains(_ text: String) -> Bool { lines.contains { $0.contains(text) } }

    /// The row index of the first line containing `text`.
    public func row(containing text: String) -> Int? { lines.firstIndex { $0.contains(text) } }

    private static func mark(for cell: SnapshotCell) -> Character {
        let a = cell.attributes
        if a.contains(.reverse) { return "R" }
        if a.contains(.bold) { return "B" }
        if a.contains(.underline) { return "U" }
        if a.contains(.dim) { return "D" }
        guard cell.colorPair > 0 else { return " " }
        let digits = Array("123456789abcdefghijklmnopqrstuvwxyz")
        return cell.colorPair <= digits.count ? digits[cell.colorPair - 1] : "+"
    }
}

extension TerminalScreen {
    /// Renders pending changes, then reads the composed screen back.
    public func snapshot() -> ScreenSnapshot {
        render()
        activate()
        let window = cn_curscr()
        // Before reading cells: reading one moves curscr's cursor to it.
        var cursorY: Int32 = 0
        var cursorX: Int32 = 0
        cn_getyx(window, &cursorY, &cursorX)
        let cursor = isCursorVisible ? CellPoint(x: Int(cursorX), y: Int(cursorY)) : nil
        var rows: [[SnapshotCell]] = []
        // Pairs repeat across the screen: ask curses once for each.
        var pairColors: [Int: (foreground: Int, background: Int)] = [:]
        var buffer = [wchar_t](repeating: 0, count: Int(cn_cchar_max()) + 2)
        // The clusters written after the frame, in place of their placeholders.
        var clusters: [CellPoint: String] = [:]
        for (point, entry) in visibleClusterOverlays() {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: entry.scalars)
            clusters[point] = String(scalars)
        }
        for y in 0..<size.height {
            var row: [SnapshotCell] = []
            var x = 0
            while x < size.width {
                var attributes: attr_t = 0
                var pair: Int16 = 0
                let count = cn_read_cell(window, Int32(y), Int32(x), &buffer, &attributes, &pair)
                var cell = Self.cell(from: buffer, count: Int(count), attributes: attributes, pair: pair)
                if let cluster = clusters[CellPoint(x: x, y: y)] { cell.text = cluster }
                if cell.colorPair > 0 {
                    let colors = pairColors[cell.colorPair] ?? colors(ofPair: cell.colorPair)
                    pairColors[cell.colorPair] = colors
                    (cell.foreground, cell.background) = colors
                }
                row.append(cell)
                x += max(1, DisplayText.width(of: cell.text))
            }
            rows.append(row)
        }
        return ScreenSnapshot(size: size, rows: rows, cursor: cursor)
    }

    /// The curses colour numbers (-1 is the terminal's default) a snapshot
    /// cell's `colorPair` stands for. Pair numbers are handed out in the
    /// order styles are first drawn, so two screens that look alike can
    /// number them differently; compare by these instead.
    public func colors(ofPair pair: Int) -> (foreground: Int, background: Int) {
        guard pair > 0 else { return (-1, -1) }
        activate()
        var foreground: Int16 = 0
        var background: Int16 = 0
        guard pair_content(Int16(pair), &foreground, &background) != ERR else { return (-1, -1) }
        return (Int(foreground), Int(background))
    }

    private static func cell(from buffer: [wchar_t], count: Int, attributes: attr_t, pair: Int16) -> SnapshotCell {
        var scalars = String.UnicodeScalarView()
        for index in 0..<max(0, count) {
            if let scalar = Unicode.Scalar(UInt32(bitPattern: buffer[index])) { scalars.append(scalar) }
        }
        var text = String(scalars)
        if text.isEmpty { text = " " }
        if attributes & cn_a_altcharset() != 0, let box = alternateCharacters[text] { text = box }
        var marks: TextAttributes = []
        if attributes & cn_a_reverse() != 0 { marks.insert(.reverse) }
        if attributes & cn_a_bold() != 0 { marks.insert(.bold) }
        if attributes & cn_a_underline() != 0 { marks.insert(.underline) }
        if attributes & cn_a_dim() != 0 { marks.insert(.dim) }
        if attributes & cn_a_italic() != 0 { marks.insert(.italic) }
        return SnapshotCell(text: text, attributes: marks, colorPair: Int(pair))
    }

    /// VT100 line-drawing letters as the Unicode box characters they draw.
    private static let alternateCharacters: [String: String] = [
        "q": "─", "x": "│", "l": "┌", "k": "┐", "m": "└", "j": "┘",
        "t": "├", "u": "┤", "w": "┬", "v": "┴", "n": "┼", "a": "▒", "~": "·",
    ]
}
