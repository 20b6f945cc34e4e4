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
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            // Printable ASCII (most of a detail page) is a column a byte:
            // the same lines, without laying the text out as cells.
            paragraph.utf8.allSatisfy { (0x20...0x7E).contains($0) }
                ? wrapASCII(paragraph, width: width)
                : wrapByCells(paragraph, width: width)
        }
    }

    /// `wrapParagraph` for printable ASCII: the same breaks (words split at
    /// spaces, a word longer than the width cut every `width` columns).
    static func wrapASCII(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        for word in paragraph.split(separator: " ") {
            let wordWidth = word.utf8.count
            if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
                line += " "
                line += word
                lineWidth += 1 + wordWidth
                continue
            }
            if lineWidth > 0 {
                lines.append(line)
                line = ""
                lineWidth = 0
            }
            var rest = word[...]
            while rest.utf8.count > width {
                lines.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            line = String(rest)
            lineWidth = rest.utf8.count
        }
        if lineWidth > 0 || lines.isEmpty { lines.append(line) }
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
