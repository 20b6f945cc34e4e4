import CShojiCurses
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// One terminal cell's worth of text: a spacing character with the
/// zero-width marks that combine with it, and how many columns it takes.
public struct TextCell: Hashable, Sendable {
    /// The spacing character and its combining marks.
    public var scalars: [Unicode.Scalar]
    /// The columns it takes: 0, 1 or 2.
    public var width: Int
}

/// Measures and clips text by display width, the number of terminal columns
/// it takes: CJK and emoji take 2, combining marks 0.
///
/// Text from data is never interpreted: C0 controls and DEL become their
/// Unicode control pictures, C1 controls and unprintable scalars become U+FFFD,
/// so no byte of data reaches the terminal as an escape sequence; invisible
/// format characters (bidirectional overrides and isolates, zero-width
/// spaces, the byte-order mark) become `␦`, so a file named `rtl\u{202E}gnp.exe`
/// cannot read as `rtlexe.png`.
///
/// Without a UTF-8 locale (`asciiOnly`) only printable ASCII is drawn:
/// controls in caret notation (`^[`, `^?`), the app's own symbols as ASCII
/// look-alikes (`›` as `>`, `…` as `...`, box lines as `-|+`), accented
/// letters without their accents, and `?` for anything else.
///
/// Main-actor bound: measuring depends on `asciiOnly`, which the screen sets
/// on the main actor, and only drawing (main-actor code) measures.
@MainActor
public enum DisplayText {
    /// Set by the screen when the terminal's locale is not UTF-8: text is
    /// then drawn as printable ASCII only (see `asciiFallback`).
    public static var asciiOnly = false

    /// The ellipsis as text, always `…` (an ASCII-only screen draws it as
    /// `...`, as it does in any text); `clip` and `truncate` cut with
    /// `ellipsisCell` instead, `~` in ASCII.
    nonisolated public static let ellipsis: String = "…"

    /// The scalar actually drawn for `scalar`, with its column width.
    nonisolated static func visible(_ scalar: Unicode.Scalar) -> (Unicode.Scalar, Int) {
        let value = scalar.value
        if value < 0x20 { return (Unicode.Scalar(0x2400 + value)!, pictureWidth) }
        if value == 0x7F { return (Unicode.Scalar(0x2421)!, pictureWidth) }
        if value < 0x7F { return (scalar, 1) }
        if (0x80...0x9F).contains(value) { return ("\u{FFFD}", 1) }
        if isInvisibleFormat(scalar) { return (formatMark, pictureWidth) }
        let width = Int(cn_wcwidth(value))
        return width < 0 ? ("\u{FFFD}", 1) : (scalar, width)
    }

    nonisolated private static let pictureWidth = 1

    /// The mark drawn for an invisible format character: `␦` (U+2426), from
    /// the same Control Pictures block as the pictures of C0 controls.
    nonisolated static let formatMark: Unicode.Scalar = "\u{2426}"

    /// Whether `scalar` is a format character that would act unseen in text
    /// the app did not write: a bidirectional embedding, override, isolate or
    /// mark (U+202A-202E, U+2066-2069, U+200E, U+200F, U+061C), a zero-width
    /// space or word joiner, a byte-order mark, a soft hyphen, a lone tag.
    /// Not the joiners that build emoji and scripts (U+200C, U+200D).
    nonisolated static func isInvisibleFormat(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0xAD, value != 0x200C, value != 0x200D else { return false }
        return scalar.properties.generalCategory == .format
    }

    /// Whether `scalar` is a symbol or punctuation mark of the Basic
    /// Multilingual Plane one column wide (`›`, `↑`, `…`, `★`): a cell of its
    /// own between ASCII characters, since it neither joins the character
    /// before it (it is no mark, joiner or selector) nor shows as an emoji.
    nonisolated static func isLoneSymbol(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xA0, scalar.value < 0x10000 else { return false }
        switch scalar.properties.generalCategory {
        case .mathSymbol, .currencySymbol, .otherSymbol, .dashPunctuation, .openPunctuation,
             .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation:
            break
        default:
            return false
        }
        guard !scalar.properties.isEmojiPresentation, !scalar.properties.isGraphemeExtend else { return false }
        return cn_wcwidth(scalar.value) == 1
    }

    /// Splits `text` into cells, one per grapheme cluster: zero-width
    /// scalars (combining marks) join the cell before them, and an emoji
    /// sequence (ZWJ, a flag's two regional indicators, VS16, a skin tone)
    /// is one 2-column cell. Controls stay one picture each, even `\r\n`.
    ///
    /// With `limit`, stops at the first cell that ends past `limit` columns
    /// (it is included, so the caller can tell the text did not fit) and
    /// never looks at the rest: drawing one line of a 10 MB string costs
    /// what the line does.
    public static func cells(_ text: some StringProtocol, upTo limit: Int = .max) -> [TextCell] {
        var cells: [TextCell] = []
        cells.reserveCapacity(min(text.utf8.count, limit == .max ? text.utf8.count : 256))
        var used = 0
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > 1, !asciiOnly, let cluster = GraphemeWidth.cell(for: scalars) {
                if used > limit { break }
                cells.append(cluster)
                used += cluster.width
                continue
            }
            var stop = false
            for original in scalars where !append(original, to: &cells, used: &used, limit: limit) {
                stop = true
                break
            }
            if stop { break }
        }
        return cells
    }

    /// Appends the cell(s) of one scalar; false when the limit was passed.
    private static func append(_ original: Unicode.Scalar, to cells: inout [TextCell], used: inout Int,
                               limit: Int) -> Bool {
        if asciiOnly, !isPrintableASCII(original) {
            let fallback = asciiFallback(original)
            if !fallback.isEmpty, used > limit { return false }
            for scalar in fallback.unicodeScalars { cells.append(TextCell(scalars: [scalar], width: 1)) }
            used += fallback.utf8.count
            return true
        }
        let (scalar, width) = visible(original)
        if width == 0 {
            // Up to 4 marks fit in a curses cell (CCHARW_MAX is 5).
            if let last = cells.indices.last, cells[last].scalars.count < 5 {
                cells[last].scalars.append(scalar)
            }
            return true
        }
        if used > limit { return false }
        cells.append(TextCell(scalars: [scalar], width: width))
        used += width
        return true
    }

    /// The number of columns `text` takes on screen, grapheme cluster by
    /// grapheme cluster (as `cells` splits it).
    public static func width(of text: some StringProtocol) -> Int {
        width(of: text, asciiOnly: asciiOnly)
    }

    /// `width(of:)` for a `String`, what nearly every caller measures. Not
    /// generic: the generic one, called from another module, steps through
    /// the bytes by protocol witness, which cost a tenth of opening a
    /// detail page (callgrind); this one is specialised here.
    public static func width(of text: String) -> Int {
        width(of: text, asciiOnly: asciiOnly)
    }

    /// `width(of:)` for a given mode, from any thread: a snapshot measures
    /// cells read back from curses, which are the same in either mode.
    nonisolated static func width(of text: some StringProtocol, asciiOnly: Bool) -> Int {
        var allASCII = true
        for byte in text.utf8 where byte >= 0x80 {
            allASCII = false
            break
        }
        // Every ASCII byte is one column: itself, or its control picture.
        if allASCII, !asciiOnly { return text.utf8.count }
        var total = 0
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > 1, !asciiOnly, let cluster = GraphemeWidth.cell(for: scalars) {
                total += cluster.width
                continue
            }
            for scalar in scalars { total += width(of: scalar, asciiOnly: asciiOnly) }
        }
        return total
    }

    /// The number of columns one scalar takes as drawn (0 for a mark that
    /// joins the character before it).
    public static func width(of scalar: Unicode.Scalar) -> Int {
        width(of: scalar, asciiOnly: asciiOnly)
    }

    nonisolated private static func width(of scalar: Unicode.Scalar, asciiOnly: Bool) -> Int {
        asciiOnly && !isPrintableASCII(scalar) ? asciiFallback(scalar).utf8.count : visible(scalar).1
    }

    nonisolated private static func isPrintableASCII(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x20 && scalar.value < 0x7F
    }

    /// What an ASCII-only screen draws for a scalar that is not printable
    /// ASCII: one or more printable ASCII characters, or nothing for a mark
    /// that only modifies the character before it.
    nonisolated public static func asciiFallback(_ scalar: Unicode.Scalar) -> String {
        let value = scalar.value
        if value < 0x20 { return "^" + String(Unicode.Scalar(UInt8(value + 0x40))) }
        if value == 0x7F { return "^?" }
        if (0x80...0x9F).contains(value) { return "?" }
        if let symbol = asciiSymbols[scalar] { return symbol }
        switch scalar.properties.generalCategory {
        case .format where isInvisibleFormat(scalar): return "?"
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return ""
        case .spaceSeparator: return " "
        default: break
        }
        // A Latin letter with a mark: its base letter (é -> e, ø -> o), read
        // from the scalar's Unicode name ("LATIN SMALL LETTER E WITH ACUTE"),
        // which the standard library knows without Foundation's normalisation.
        if let base = latinBaseLetter(scalar) { return base }
        return "?"
    }

    /// The base letter of "LATIN SMALL|CAPITAL LETTER X WITH ...", in its case.
    nonisolated private static func latinBaseLetter(_ scalar: Unicode.Scalar) -> String? {
        guard let name = scalar.properties.name else { return nil }
        for (prefix, lower) in [("LATIN SMALL LETTER ", true), ("LATIN CAPITAL LETTER ", false)] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let letter = rest.first, letter.isASCII, letter.isLetter, rest.dropFirst().hasPrefix(" WITH ") else { return nil }
            return lower ? letter.lowercased() : String(letter)
        }
        return nil
    }

    /// The symbols the app and its data commonly use, as ASCII look-alikes.
    nonisolated private static let asciiSymbols: [Unicode.Scalar: String] = [
        "…": "...", "›": ">", "‹": "<", "»": ">>", "«": "<<", "·": "-", "•": "*", "★": "*", "☆": "-",
        "←": "Left", "→": "Right", "↑": "Up", "↓": "Down",
        "─": "-", "━": "-", "═": "=", "│": "|", "┃": "|", "║": "|",
        "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+",
        "‘": "'", "’": "'", "“": "\"", "”": "\"", "–": "-", "—": "-", "−": "-", "×": "x",
        "\u{FFFD}": "?", "\u{2028}": " ", "\u{2029}": " ",
    ]

    /// The cells of `text` that fit in `width` columns. When it does not fit
    /// and `ellipsis` is set, the last column that fits shows `…`.
    public static func clip(_ text: some StringProtocol, to width: Int, ellipsis: Bool = true) -> [TextCell] {
        guard width > 0 else { return [] }
        var kept = cells(text, upTo: width)
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
        if let ascii = asciiTruncated(text, to: width) { return ascii.text }
        return string(from: clip(text, to: width))
    }

    /// `text` clipped or padded with spaces to exactly `width` columns.
    public static func pad(_ text: some StringProtocol, to width: Int) -> String {
        if let ascii = asciiTruncated(text, to: width) {
            return ascii.text + String(repeating: " ", count: max(0, width - ascii.width))
        }
        let clipped = clip(text, to: width)
        let used = clipped.reduce(0) { $0 + $1.width }
        return string(from: clipped) + String(repeating: " ", count: max(0, width - used))
    }

    /// `truncate` for printable ASCII, a column a byte: the same string
    /// without laying the text out as cells (a detail page pads every key).
    /// Nil for any other text.
    private static func asciiTruncated(_ text: some StringProtocol, to width: Int) -> (text: String, width: Int)? {
        // A loop, not `allSatisfy`: a main-actor closure checks its executor per byte.
        for byte in text.utf8 where byte < 0x20 || byte > 0x7E { return nil }
        guard width > 0 else { return ("", 0) }
        let count = text.utf8.count
        if count <= width { return (String(text), count) }
        return (String(text.prefix(width - 1)) + String(ellipsisScalar), width)
    }

    nonisolated static func string(from cells: [TextCell]) -> String {
        var result = String.UnicodeScalarView()
        for cell in cells { result.append(contentsOf: cell.scalars) }
        return String(result)
    }

    /// The one-column mark where text was cut: `…`, or `~` in ASCII (a
    /// lone `.` would read as the end of a sentence).
    public static var ellipsisCell: TextCell {
        asciiOnly ? TextCell(scalars: ["~"], width: 1) : TextCell(scalars: ["…"], width: 1)
    }

    /// The scalar of the mark where text was cut (`ellipsisCell`'s).
    static var ellipsisScalar: Unicode.Scalar { ellipsisCell.scalars[0] }

    /// Whether the first `count` UTF-8 bytes of `text` are printable ASCII
    /// (U+0020 to U+007E: one column a byte, nothing to translate). Looks at
    /// no byte past them, so a caller drawing a few columns of a 10 MB string
    /// pays for those columns only.
    nonisolated public static func startsWithPrintableASCII(_ text: String, count: Int) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard count <= bytes.count else { return false }
            for byte in bytes[..<max(0, count)] where byte < 0x20 || byte > 0x7E { return false }
            return true
        }
    }
}
