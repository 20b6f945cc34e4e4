import CNCurses

/// One terminal cell's worth of text: a spacing character with the
/// zero-width marks that combine with it, and how many columns it takes.
public struct TextCell: Hashable, Sendable {
    public var scalars: [Unicode.Scalar]
    public var width: Int
}

/// Measures and clips text by display width, the number of terminal columns
/// it takes: CJK and emoji take 2, combining marks 0.
///
/// Text from data is never interpreted: C0 controls and DEL become their
/// Unicode control pictures, C1 controls and unprintable scalars become U+FFFD,
/// so no byte of data reaches the terminal as an escape sequence.
public enum DisplayText {
    /// Set by the screen when no UTF-8 locale is available; text is then drawn
    /// as ASCII with `?` for everything else.
    nonisolated(unsafe) public static var asciiOnly = false

    public static let ellipsis: String = "…"

    /// The scalar actually drawn for `scalar`, with its column width.
    static func visible(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, Int) {
        let value = scalar.value
        if value < 0x20 { return (Unicode.Scalar(0x2400 + value)!, pictureWidth) }
        if value == 0x7F { return (Unicode.Scalar(0x2421)!, pictureWidth) }
        if value < 0x7F { return (scalar, 1) }
        if (0x80...0x9F).contains(value) { return ("\u{FFFD}", 1) }
        let width = Int(cn_wcwidth(value))
        return width < 0 ? ("\u{FFFD}", 1) : (scalar, width)
    }

    private static let pictureWidth = 1

    /// Splits `text` into cells: zero-width scalars join the cell before them.
    public static func cells(_ text: some StringProtocol) -> [TextCell] {
        var cells: [TextCell] = []
        cells.reserveCapacity(text.utf8.count)
        for original in text.unicodeScalars {
            if asciiOnly && original.value > 0x7F {
                cells.append(TextCell(scalars: ["?"], width: 1))
                continue
            }
            let (scalar, width) = visible(original)
            if width == 0 {
                // Up to 4 marks fit in a curses cell (CCHARW_MAX is 5).
                if let last = cells.indices.last, cells[last].scalars.count < 5 {
                    cells[last].scalars.append(scalar)
                }
                continue
            }
            cells.append(TextCell(scalars: [scalar], width: width))
        }
        return cells
    }

    /// The number of columns `text` takes on screen.
    public static func width(of text: some StringProtocol) -> Int {
        var total = 0
        for scalar in text.unicodeScalars {
            total += asciiOnly && scalar.value > 0x7F ? 1 : visible(scalar).1
        }
        return total
    }

    /// The cells of `text` that fit in `width` columns. When it does not fit
    /// and `ellipsis` is set, the last column that fits shows `…`.
    public static func clip(_ text: some StringProtocol, to width: Int, ellipsis: Bool = true) -> [TextCell] {
        guard width > 0 else { return [] }
        var kept = cells(text)
        var used = kept.reduce(0) { $0 + $1.width }
        guard used > width else { return kept }
        let mark = ellipsis ? ellipsisCell : nil
        let room = width - (mark?.width ?? 0)
        while used > room, let last = kept.popLast() { used -= last.width }
        if let mark { kept.append(mark) }
        return kept
    }

    /// `text` clipped to `width` columns as a string, with `…` when cut.
    public static func truncate(_ text: some StringProtocol, to width: Int) -> String {
        string(from: clip(text, to: width))
    }

    /// `text` clipped or padded with spaces to exactly `width` columns.
    public static func pad(_ text: some StringProtocol, to width: Int) -> String {
        let clipped = clip(text, to: width)
        let used = clipped.reduce(0) { $0 + $1.width }
        return string(from: clipped) + String(repeating: " ", count: max(0, width - used))
    }

    static func string(from cells: [TextCell]) -> String {
        var result = String.UnicodeScalarView()
        for cell in cells { result.append(contentsOf: cell.scalars) }
        return String(result)
    }

    private static var ellipsisCell: TextCell {
        asciiOnly ? TextCell(scalars: ["."], width: 1) : TextCell(scalars: ["…"], width: 1)
    }

    /// The scalar of the mark where text was cut (`ellipsisCell`'s).
    static var ellipsisScalar: Unicode.Scalar { ellipsisCell.scalars[0] }

    /// Whether the first `count` UTF-8 bytes of `text` are printable ASCII
    /// (U+0020 to U+007E: one column a byte, nothing to translate). Looks at
    /// no byte past them, so a caller drawing a few columns of a 10 MB string
    /// pays for those columns only.
    public static func startsWithPrintableASCII(_ text: String, count: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard count <= bytes.count else { return false }
            for byte in bytes[..<max(0, count)] where byte < 0x20 || byte > 0x7E { return false }
            return true
        }
    }
}
