import ShojiCurses

/// A text area's text laid out in rows of at most `width` columns (soft
/// wrap): lines break at their newlines and, when longer than the width,
/// after the last space that fits, or inside a word too long for a row.
/// Measured by display width, grapheme cluster by grapheme cluster: a wide
/// character (CJK, emoji) takes 2 columns and is never split; a tab reaches
/// the next multiple of ``tabWidth``.
@MainActor
public struct TextAreaLayout: Sendable {
    /// One row on screen: a range of character indices (never the newline).
    public struct Row: Hashable, Sendable {
        /// The characters the row shows.
        public var range: Range<Int>
        /// Whether the row is the last of its line (a newline or the end of
        /// the text follows): the index after it then belongs to this row,
        /// where after a soft break it starts the next row.
        public var endsLine: Bool
    }

    /// Columns between tab stops.
    public static let tabWidth = DisplayText.tabStop
    /// The width the rows fit in.
    public let width: Int
    /// The rows, top to bottom; at least one.
    public let rows: [Row]
    private let characters: [Character]

    /// Lays out `characters` in rows of at most `width` columns (at least 1;
    /// a character wider than that gets a row of its own).
    public init(_ characters: [Character], width: Int) {
        self.width = max(1, width)
        self.characters = characters
        var rows: [Row] = []
        var lineStart = 0
        for index in 0...characters.count where index == characters.count || characters[index] == "\n" {
            Self.wrapLine(characters, lineStart..<index, width: self.width, into: &rows)
            lineStart = index + 1
        }
        self.rows = rows
    }

    /// The columns one character takes when it starts at `column`.
    public static func width(of character: Character, at column: Int) -> Int {
        if character == "\t" { return tabWidth - column % tabWidth }
        if character.isASCII { return 1 }
        return DisplayText.width(of: String(character))
    }

    private static func wrapLine(_ characters: [Character], _ line: Range<Int>, width: Int, into rows: inout [Row]) {
        var start = line.lowerBound
        var column = 0
        var breakAfterSpace: Int?
        var index = line.lowerBound
        while index < line.upperBound {
            let character = characters[index]
            let cells = Self.width(of: character, at: column)
            if column + cells > width, index > start {
                let end = breakAfterSpace ?? index
                rows.append(Row(range: start..<end, endsLine: false))
                start = end
                breakAfterSpace = nil
                column = 0
                index = start
                continue
            }
            column += cells
            if character == " " { breakAfterSpace = index + 1 }
            index += 1
        }
        rows.append(Row(range: start..<line.upperBound, endsLine: true))
    }

    /// The row that shows the cursor at `index`.
    public func row(containing index: Int) -> Int {
        // Binary search: the last row starting at or before `index`, which
        // holds it unless `index` ends a soft-broken row (then the next does).
        var low = 0, high = rows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if rows[middle].range.lowerBound <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The column of the cursor at `index` in its row.
    public func column(of index: Int) -> Int {
        let row = rows[row(containing: index)]
        return columns(in: row, upTo: index)
    }

    /// The index in `row` closest to `column` without passing it: where Up
    /// and Down land.
    public func index(inRow row: Int, nearColumn column: Int) -> Int {
        let row = rows[row]
        var used = 0
        var index = row.range.lowerBound
        while index < lastCursorIndex(in: row) {
            let cells = Self.width(of: characters[index], at: used)
            if used + cells > column { break }
            used += cells
            index += 1
        }
        return index
    }

    /// The last place a cursor can stand in `row`: its end when it ends a
    /// line, else before its last character (the end starts the next row).
    func lastCursorIndex(in row: Row) -> Int {
        row.endsLine || row.range.isEmpty ? row.range.upperBound : row.range.upperBound - 1
    }

    /// Columns taken by `row`'s characters before `index`.
    func columns(in row: Row, upTo index: Int) -> Int {
        var used = 0
        for position in row.range.lowerBound..<min(index, row.range.upperBound) {
            used += Self.width(of: characters[position], at: used)
        }
        return used
    }
}
