extension DisplayText {
    /// Columns between tab stops, everywhere text is laid out: a tab reaches
    /// the next multiple of 8 columns from the start of its line, as in a
    /// terminal, `expand(1)` and `less`.
    nonisolated public static let tabStop = 8

    /// The columns a tab takes when it starts at `column` (1 to ``tabStop``).
    nonisolated public static func tabWidth(at column: Int) -> Int {
        tabStop - column % tabStop
    }

    /// One line of `text` with every tab replaced by the spaces that reach
    /// the next tab stop, counted in display columns from the line's start;
    /// the text unchanged when it has no tab. For text laid out line by line
    /// (wrapped paragraphs, previews), where a tab drawn as a control picture
    /// would collapse an indentation or a table's aligned columns.
    @inlinable
    public static func expandingTabs(_ line: some StringProtocol) -> String {
        // Inlinable, so it is specialised in the caller's module: unspecialised,
        // it asked the runtime for the types of a Substring's views, whose first
        // lookups scan every conformance record of a static binary (two scans on
        // the path to the catalog's first frame).
        guard line.utf8.contains(0x09) else { return String(line) }
        var result = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = tabWidth(at: column)
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result.append(character)
                column += character.isASCII ? 1 : width(of: String(character))
            }
        }
        return result
    }
}
