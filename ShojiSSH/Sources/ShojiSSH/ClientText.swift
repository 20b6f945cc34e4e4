/// Text a client chose (a user name, a terminal name, a subsystem, an error
/// that quotes its packet) made safe for a log line, stderr or an
/// environment variable: every character that could move a terminal's
/// cursor, change its title, split a log line or reorder what a reader sees
/// is written as an escape instead (`\x1b`, `\n`, `\u{202e}`).
///
/// Escaped: C0 controls and DEL, C1 controls, and the invisible format
/// characters (bidirectional overrides and isolates, the zero-width space,
/// the byte-order mark) and the Unicode line and paragraph separators.
/// Everything else is kept: accented letters, CJK, and the zero-width
/// joiner and non-joiner that emoji sequences and Persian need.
///
/// ShojiSSH serves any program and depends on no part of the framework, so
/// it keeps this small function of its own (the framework's twin is
/// `ControlCharacters.escaped` in ShojiCurses).
///
/// In a log line the text is also cut (`logged`): a client may send a user
/// name of tens of kilobytes, and 360 such requests once wrote 75 MB of
/// logs in 21 seconds.
enum ClientText {
    /// Characters of client text a log line keeps.
    static let logLimit = 200

    /// `escaped`, cut to `limit` characters with the original length in
    /// bytes noted: `nnnn...(20000 bytes)`.
    static func logged(_ text: String, limit: Int = logLimit) -> String {
        let bytes = text.utf8.count
        guard bytes > limit else { return escaped(text) }
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return escaped(text) }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars.prefix(limit))
        return escaped(String(kept)) + "...(\(bytes) bytes)"
    }

    static func escaped(_ text: String) -> String {
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

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
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
