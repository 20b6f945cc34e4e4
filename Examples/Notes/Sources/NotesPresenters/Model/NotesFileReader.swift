import ShojiPresentation

/// Reads `notes.json` strictly, knowing where it is in the file, so every
/// problem is refused with its line and column (JSONDecoder says neither,
/// and takes a repeated key or id without a word).
///
/// The file is exactly `{"notes": [{"id": 1, "title": "...", "body": "..."}, ...]}`:
/// no other field, no field twice, ids whole numbers from 1 and each used
/// once, a title that is not blank and has no line break, a body of at most
/// ``Note/maximumBodyLength`` characters (what the edit sheet can hold, so
/// editing never cuts a body). Anything else is a ``Problem``.
struct NotesFileReader {
    /// What is wrong, and the byte offset where it is.
    struct Problem: Error {
        let offset: Int
        let message: String
    }

    private let bytes: [UInt8]
    private var index = 0

    /// The notes in `bytes`, or the first problem.
    static func notes(in bytes: [UInt8]) throws(Problem) -> [Note] {
        var reader = NotesFileReader(bytes: bytes)
        return try reader.file()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: The notes format

    private mutating func file() throws(Problem) -> [Note] {
        skipSpace()
        guard index < bytes.count else { throw Problem(offset: index, message: "the file is empty") }
        var notes: [Note]?
        var fields = try openObject(named: "the file")
        while let (key, keyOffset) = try nextField(&fields) {
            guard key == "notes" else {
                throw Problem(offset: keyOffset, message: "unknown field \"\(Self.shown(key))\" (a notes file has only \"notes\")")
            }
            notes = try noteList()
        }
        skipSpace()
        guard index == bytes.count else { throw Problem(offset: index, message: "something follows the notes") }
        guard let notes else { throw Problem(offset: 0, message: "there is no \"notes\" field") }
        return notes
    }

    private mutating func noteList() throws(Problem) -> [Note] {
        try expect(UInt8(ascii: "["), "a list of notes")
        var notes: [Note] = []
        var firstOffsets: [Int: Int] = [:]
        skipSpace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return notes
        }
        while true {
            skipSpace()
            let (note, idOffset) = try noteObject(number: notes.count + 1)
            if let first = firstOffsets[note.id] {
                throw Problem(offset: idOffset, message: "id \(note.id) is used twice (first at \(position(of: first)))")
            }
            firstOffsets[note.id] = idOffset
            notes.append(note)
            skipSpace()
            if peek == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "]"), "\",\" or \"]\" after a note")
            return notes
        }
    }

    /// One note, and where its id is.
    private mutating func noteObject(number: Int) throws(Problem) -> (Note, Int) {
        let start = index
        var id: (Int, Int)?
        var title: String?
        var body: String?
        var fields = try openObject(named: "note \(number)")
        while let (key, keyOffset) = try nextField(&fields) {
            let valueOffset = index
            switch key {
            case "id":
                id = (try wholeNumber(), valueOffset)
            case "title":
                let text = try string()
                if text.allSatisfy(\.isWhitespace) { throw Problem(offset: valueOffset, message: "the title is blank") }
                if text.contains(where: \.isNewline) {
                    throw Problem(offset: valueOffset, message: "the title has a line break (a title is one line)")
                }
                title = text
            case "body":
                let text = try string()
                if text.count > Note.maximumBodyLength {
                    throw Problem(offset: valueOffset, message: "the body is longer than \(Note.maximumBodyLength) characters")
                }
                body = text
            default:
                throw Problem(offset: keyOffset, message: "unknown field \"\(Self.shown(key))\" in note \(number) "
                    + "(a note has \"id\", \"title\" and \"body\")")
            }
        }
        for (field, present) in [("id", id != nil), ("title", title != nil), ("body", body != nil)] where !present {
            throw Problem(offset: start, message: "note \(number) has no \"\(field)\"")
        }
        guard let id, let title, let body else { preconditionFailure("checked above") }
        return (Note(id: id.0, title: title, body: body), id.1)
    }

    /// An object being read: its name for messages, the keys seen so far.
    private struct OpenObject {
        let name: String
        var seen: Set<String> = []
        var isFirst = true
    }

    /// `{`, starting an object that ``nextField(_:)`` reads key by key.
    private mutating func openObject(named name: String) throws(Problem) -> OpenObject {
        try expect(UInt8(ascii: "{"), name == "the file" ? "a notes file, which starts with \"{\"" : "\(name), an object")
        return OpenObject(name: name)
    }

    /// The next key of `object` and where it is, the reader left at its
    /// value; nil after the closing `}`. Each key may come once.
    private mutating func nextField(_ object: inout OpenObject) throws(Problem) -> (String, Int)? {
        skipSpace()
        if object.isFirst {
            object.isFirst = false
            if peek == UInt8(ascii: "}") {
                index += 1
                return nil
            }
        } else {
            if peek != UInt8(ascii: ",") {
                try expect(UInt8(ascii: "}"), "\",\" or \"}\" in \(object.name)")
                return nil
            }
            index += 1
            skipSpace()
        }
        let keyOffset = index
        guard peek == UInt8(ascii: "\"") else { throw Problem(offset: index, message: "expected a field name in \(object.name)") }
        let key = try string()
        guard object.seen.insert(key).inserted else {
            throw Problem(offset: keyOffset, message: "\"\(Self.shown(key))\" is given twice in \(object.name)")
        }
        skipSpace()
        try expect(UInt8(ascii: ":"), "\":\" after \"\(Self.shown(key))\"")
        skipSpace()
        return (key, keyOffset)
    }

    // MARK: JSON values

    /// An id: digits only (no sign, fraction or exponent), 1 or more, fitting an Int.
    private mutating func wholeNumber() throws(Problem) -> Int {
        let start = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { throw Problem(offset: start, message: "the id is too large") }
            value = sum
            index += 1
        }
        let isNumberish: (UInt8) -> Bool = { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        guard index > start, value >= 1, !(peek.map(isNumberish) ?? false),
              !(index - start > 1 && bytes[start] == UInt8(ascii: "0")) else {
            throw Problem(offset: start, message: "an id is a whole number from 1")
        }
        return value
    }

    /// A JSON string: escapes decoded, UTF-8 checked, no raw control characters.
    private mutating func string() throws(Problem) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) throws(Problem) {
            guard runStart < end else { return }
            guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                throw Problem(offset: runStart, message: "the text is not UTF-8")
            }
            scalars.append(contentsOf: run.unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flush(index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush(index)
                scalars.append(try escape())
                runStart = index
            case 0..<0x20:
                throw Problem(offset: index, message: "a control character in a string (write it as an escape, \\n say)")
            default:
                index += 1
            }
        }
        throw Problem(offset: index, message: "the file ends inside a string")
    }

    /// `\x` or `\uXXXX` (a surrogate pair as two), the backslash at `index`.
    private mutating func escape() throws(Problem) -> Unicode.Scalar {
        let start = index
        index += 1
        guard let letter = peek else { throw Problem(offset: start, message: "the file ends inside a string") }
        index += 1
        switch letter {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hexQuad(escapeAt: start)
            if (0xD800..<0xDC00).contains(high), bytes[index...].starts(with: Array("\\u".utf8)) {
                index += 2
                let low = try hexQuad(escapeAt: start)
                if (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) {
                    return scalar
                }
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw Problem(offset: start, message: "\\u\(String(high, radix: 16)) is half of a surrogate pair")
            }
            return scalar
        default:
            throw Problem(offset: start, message: "an unknown escape in a string")
        }
    }

    private mutating func hexQuad(escapeAt start: Int) throws(Problem) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else { throw Problem(offset: start, message: "\\u needs four hex digits") }
        index += 4
        return value
    }

    // MARK: Bytes

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Problem) {
        guard peek == byte else {
            throw Problem(offset: index, message: index < bytes.count ? "expected \(what)" : "the file ends early: expected \(what)")
        }
        index += 1
    }

    /// A key as the message shows it: bounded, with control characters as pictures.
    private static func shown(_ key: String) -> String {
        ControlCharacters.escaped(key.count > 40 ? String(key.prefix(40)) + "…" : key)
    }

    /// "line L, column C" of `offset`: lines from 1, columns counting
    /// characters (Unicode scalars) from 1, as an editor shows them.
    func position(of offset: Int) -> String { Self.position(of: offset, in: bytes) }

    static func position(of offset: Int, in bytes: [UInt8]) -> String {
        var line = 1
        var column = 1
        for byte in bytes[..<min(max(0, offset), bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return "line \(line), column \(column)"
    }
}
