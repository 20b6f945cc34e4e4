import ShojiCurses

/// Word wrapping by display width. Works on display cells, so a wide
/// character is never split and a combining mark stays with its base.
///
/// Whitespace is content: a paragraph's indentation and the runs of spaces
/// between words (a table's aligned columns) are kept as written, and a tab
/// reaches the next multiple of `DisplayText.tabStop` columns.
/// Only the spaces where a line breaks are dropped, so the next line starts
/// with the next word.
@MainActor
public enum TextWrapper {
    /// `text` broken into lines of at most `width` columns: at spaces where
    /// possible, inside a word only when the word alone is too long. Newlines
    /// start a new line; an empty paragraph is an empty line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        // One line of printable ASCII that fits (most of a detail's values):
        // itself, without splitting it or copying it.
        if text.utf8.count <= width, text.utf8.last != 0x20, DisplayText.isPrintableASCII(text) {
            return [text]
        }
        // Printable ASCII, tabs and newlines (most of a detail page) are a
        // column a byte once tabs are expanded: the same lines, without
        // splitting into characters or laying the text out as cells.
        if DisplayText.isPrintableASCII(text, allowingTabsAndNewlines: true) {
            return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
                var line = DisplayText.expandingTabs(paragraph)
                return line.withUTF8 { wrapASCII($0, width: width) }
            }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrapByCells(paragraph, width: width)
        }
    }

    /// `wrapByCells` for a paragraph of printable ASCII bytes: the same
    /// breaks, a column a byte.
    static func wrapASCII(_ paragraph: UnsafeBufferPointer<UInt8>, width: Int) -> [String] {
        lineRanges(count: paragraph.count, width: width, columns: { _ in 1 }, isSpace: { paragraph[$0] == 0x20 })
            .map { String(decoding: UnsafeBufferPointer(rebasing: paragraph[$0]), as: UTF8.self) }
    }

    /// One paragraph wrapped cell by cell: any text, its tabs expanded first.
    static func wrapByCells(_ paragraph: Substring, width: Int) -> [String] {
        let cells = DisplayText.cells(DisplayText.expandingTabs(paragraph))
        return lineRanges(count: cells.count, width: width, columns: { cells[$0].width },
                          isSpace: { cells[$0].scalars == [" "] })
            .map { string(cells[$0]) }
    }

    /// Where a paragraph of `count` units breaks into lines of at most
    /// `width` columns. Each line is a contiguous range of units: words and
    /// the spaces between them as written, the paragraph's indentation on
    /// its first line; the spaces at a break belong to no line. A word (with
    /// the indentation before it, at the start) too long for a line is cut.
    nonisolated static func lineRanges(count: Int, width: Int, columns: (Int) -> Int,
                                       isSpace: (Int) -> Bool) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, end = 0, used = 0  // the line being filled, and its columns
        var index = 0
        while index < count {
            // A run of spaces (maybe empty), then the word after it.
            let spaceStart = index
            var spaceColumns = 0
            while index < count, isSpace(index) { spaceColumns += columns(index); index += 1 }
            guard index < count else { break }  // trailing spaces show nothing
            let wordStart = index
            var wordColumns = 0
            while index < count, !isSpace(index) { wordColumns += columns(index); index += 1 }
            if end > start || (lines.isEmpty && spaceStart == start) {
                // A line with words, or the paragraph's first with its indentation.
                if used + spaceColumns + wordColumns <= width {
                    end = index
                    used += spaceColumns + wordColumns
                    continue
                }
                if end > start {
                    lines.append(start..<end)
                    start = wordStart
                } else {
                    start = spaceStart  // the indentation is cut with the word
                }
            } else {
                start = wordStart  // spaces at a break are dropped
            }
            // The word starts a line; cut it while it is wider than one.
            end = start
            used = 0
            while end < index {
                let cell = columns(end)
                if used + cell > width, end > start {
                    lines.append(start..<end)
                    start = end
                    used = 0
                }
                used += cell
                end += 1
            }
        }
        if end > start || lines.isEmpty { lines.append(start..<end) }
        return lines
    }

    private static func string(_ cells: ArraySlice<TextCell>) -> String {
        var scalars = String.UnicodeScalarView()
        // Scalar by scalar: `append(contentsOf:)` is the standard library's
        // unspecialised generic, which looks up Array's conformances at run
        // time (a scan of every conformance record on its first use).
        for cell in cells {
            for scalar in cell.scalars { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
