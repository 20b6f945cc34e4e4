/// Text from outside (a path typed on a command line, a name a client sent)
/// made safe for stderr or a log line: every character that could move a
/// terminal's cursor, set its title, split the line or reorder what a
/// reader sees is written as an escape instead (`\x1b`, `\n`, `\u{202e}`).
///
/// Escaped: C0 controls and DEL, C1 controls, the invisible format
/// characters (bidirectional overrides and isolates, the zero-width space,
/// the byte-order mark) and the Unicode line and paragraph separators.
/// Everything else is kept, the zero-width joiner of emoji sequences too.
/// On the screen, `DisplayText` draws controls as pictures instead, and the
/// invisible format characters as `␦`.
///
/// In a log line the text is also cut (`logged(_:limit:)`): a client may send
/// a user name of tens of kilobytes, and 360 such requests once wrote 75 MB
/// of logs in 21 seconds.
public enum ControlCharacters {
    /// `escaped(_:)`, cut to `limit` characters (Unicode scalars; 200 unless
    /// told) with the original length in bytes noted: `nnnn...(20000 bytes)`.
    public static func logged(_ text: String, limit: Int = 200) -> String {
        let bytes = text.utf8.count
        guard bytes > limit else { return escaped(text) }
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(text) }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit))
        return escaped(String(kept)) + "...(\(bytes) bytes)"
    }

    /// `text` with each character above written as an escape.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x100: result += "\\x" + hex(scalar.value, digits: 2)
            default: result += "\\u{" + hex(scalar.value, digits: 4) + "}"
            }
        }
        return result
    }

    /// Whether `scalar` is one that `escaped` writes out.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F || (0x80...0x9F).contains(value) { return true }
        guard value >= 0xA0, value != 0x200C, value != 0x200D else { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
