import ShojiCurses

/// Word wrapping by display width. Works on display cells, so a wide
/// character is never split and a combining mark stays with its base.
@MainActor
public enum TextWrapper {
    /// `text` broken into lines of at most `width` columns: at spaces where
    /// possible, inside a word only when the word alone is too long. Newlines
    /// start a new line; an empty paragraph is an empty line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        // Printable ASCII and newlines (most of a detail page) are a column
        // a byte: the same lines, without splitting into characters or
        // laying the text out as cells.
        if text.utf8.allSatisfy({ $0 == 0x0A || (0x20...0x7E).contains($0) }) {
            var text = text
            return text.withUTF8 { bytes in
                bytes.split(separator: 0x0A, omittingEmptySubsequences: false).flatMap {
                    wrapASCII(UnsafeBufferPointer(rebasing: $0), width: width)
                }
            }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrapByCells(paragraph, width: width)
        }
    }

    /// `wrapParagraph` for a paragraph of printable ASCII bytes: the same
    /// breaks (words split at spaces, a word longer than the width cut
    /// every `width` columns).
    static func wrapASCII(_ paragraph: UnsafeBufferPointer<UInt8>, width: Int) -> [String] {
        var lines: [String] = []
        var line: [UInt8] = []
        func flush() {
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
        }
        for word in paragraph.split(separator: 0x20) {
            if !line.isEmpty, line.count + 1 + word.count <= width {
                line.append(0x20)
                line.append(contentsOf: word)
                continue
            }
            if !line.isEmpty { flush() }
            var rest = word[...]
            while rest.count > width {
                lines.append(String(decoding: rest.prefix(width), as: UTF8.self))
                rest = rest.dropFirst(width)
            }
            line.append(contentsOf: rest)
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// One paragraph wrapped cell by cell: any text.
    static func wrapByCells(_ paragraph: Substring, width: Int) -> [String] {
        wrapParagraph(DisplayText.cells(paragraph), width: width)
    }

    private static func wrapParagraph(_ cells: [TextCell], width: Int) -> [String] {
        var lines: [String] = []
        var line: [TextCell] = []
        var lineWidth = 0
        func flush() {
            lines.append(string(line))
            line = []
            lineWidth = 0
        }
        for word in words(in: cells) {
            let wordWidth = word.reduce(0) { $0 + $1.width }
            if !line.isEmpty, lineWidth + 1 + wordWidth <= width {
                line.append(space)
                line.append(contentsOf: word)
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty { flush() }
            for cell in word {
                if lineWidth + cell.width > width, !line.isEmpty { flush() }
                line.append(cell)
                lineWidth += cell.width
            }
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    private static let space = DisplayText.cells(" ")[0]

    private static func words(in cells: [TextCell]) -> [[TextCell]] {
        cells.split(whereSeparator: { $0.scalars == [" "] }).map(Array.init)
    }

    private static func string(_ cells: [TextCell]) -> String {
        var scalars = String.UnicodeScalarView()
        for cell in cells { scalars.append(contentsOf: cell.scalars) }
        return String(scalars)
    }
}
