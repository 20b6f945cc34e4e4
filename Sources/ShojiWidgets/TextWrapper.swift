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
            wrapParagraph(DisplayText.cells(paragraph), width: width)
        }
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
