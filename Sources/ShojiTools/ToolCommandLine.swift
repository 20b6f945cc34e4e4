import ShojiCore

/// Arguments written for display: what a user could paste into a shell,
/// and nothing that reaches a terminal as an escape sequence.
enum ToolCommandLine {
    /// `word` as is when a shell would read it unchanged, else in single
    /// quotes; control characters escaped either way.
    static func quoted(_ word: String) -> String {
        let safe = ControlCharacters.escaped(word)
        let plain = !safe.isEmpty && safe.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-_./=:,+@%".unicodeScalars.contains(scalar))
        }
        if plain { return safe }
        return "'" + safe.replacing("'", with: #"'\''"#) + "'"
    }
}

extension ToolCommandLine {
    /// A line of a program's output made safe for a one-line message.
    static func escapedLine(_ line: String) -> String {
        ControlCharacters.logged(line, limit: 300)
    }
}
