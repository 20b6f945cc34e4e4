/// A strict RFC 8259 parser over UTF-8 bytes (already validated as UTF-8).
///
/// Written by hand rather than using JSONSerialization because the catalogue
/// needs what Foundation does not give: a byte offset for every syntax error,
/// key order, exact number text, and a top-level array read one element at a
/// time so a large file never exists as one big tree.
struct JSONParser {
    static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// What the document turned out to be at the top level.
    enum TopLevel {
        /// An array, whose elements went to the callback.
        case array(count: Int)
        /// Anything else, parsed whole.
        case other(JSONValue)
    }

    /// Parses the whole document. When it is an array, each element is handed
    /// to `element` (with its 0-based index) as soon as it is parsed.
    mutating func parseDocument(element: (Int, JSONValue) -> Void) throws(JSONSyntaxError) -> TopLevel {
        skipWhitespace()
        if index == bytes.count {
            throw JSONSyntaxError(offset: index, problem: "no JSON value: the input is empty (expected an array)")
        }
        let topLevel: TopLevel
        if peek() == UInt8(ascii: "[") {
            index += 1
            topLevel = .array(count: try parseArrayElements(depth: 1, element: element))
        } else {
            topLevel = .other(try parseValue(depth: 0))
        }
        skipWhitespace()
        guard index == bytes.count else {
            throw JSONSyntaxError(offset: index, problem: "unexpected \(describeByte(at: index)) after the end of the JSON value")
        }
        return topLevel
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard let byte = peek() else { throw unexpectedEnd() }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            return .object(try parseObjectMembers(depth: depth + 1))
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            _ = try parseArrayElements(depth: depth + 1) { _, value in elements.append(value) }
            return .array(elements)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw JSONSyntaxError(offset: index, problem: "unexpected \(describeByte(at: index)), expected a value")
        }
    }

    /// Parses elements after the opening `[` up to and including `]`.
    private mutating func parseArrayElements(depth: Int, element: (Int, JSONValue) -> Void) throws(JSONSyntaxError) -> Int {
        try checkDepth(depth)
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            return 0
        }
        var count = 0
        while true {
            element(count, try parseValue(depth: depth))
            count += 1
            skipWhitespace()
            guard let byte = peek() else { throw unexpectedEnd() }
            index += 1
            if byte == UInt8(ascii: "]") { return count }
            guard byte == UInt8(ascii: ",") else {
                throw JSONSyntaxError(offset: index - 1, problem: "unexpected \(describeByte(at: index - 1)), expected ',' or ']'")
            }
        }
    }

    /// Parses members after the opening `{` up to and including `}`.
    private mutating func parseObjectMembers(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        try checkDepth(depth)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return []
        }
        var members: [JSONMember] = []
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw unexpectedEnd() }
            guard byte == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: index, problem: "unexpected \(describeByte(at: index)), expected a string key")
            }
            let key = try parseString()
            skipWhitespace()
            guard let colon = peek() else { throw unexpectedEnd() }
            guard colon == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: index, problem: "unexpected \(describeByte(at: index)), expected ':' after a key")
            }
            index += 1
            members.append(JSONMember(key: key, value: try parseValue(depth: depth)))
            skipWhitespace()
            guard let separator = peek() else { throw unexpectedEnd() }
            index += 1
            if separator == UInt8(ascii: "}") { return members }
            guard separator == UInt8(ascii: ",") else {
                throw JSONSyntaxError(offset: index - 1, problem: "unexpected \(describeByte(at: index - 1)), expected ',' or '}'")
            }
        }
    }

    // MARK: - Scalars

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter() }
            index += 1
        }
        var scalars = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case 0..<0x20:
                throw controlCharacter()
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw JSONSyntaxError(offset: bytes.count, problem: "unexpected end of data in the string that starts at byte \(opening)")
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard let letter = peek() else { throw unexpectedEnd() }
        index += 1
        let simple: UInt8? = switch letter {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            output.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw JSONSyntaxError(offset: escapeStart, problem: "invalid escape sequence in a string")
        }
        var code = try parseHexQuad(escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(code) {
            // A high surrogate must be followed by an escaped low surrogate.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw JSONSyntaxError(offset: escapeStart, problem: "unpaired UTF-16 surrogate in a \\u escape")
            }
            index += 2
            let low = try parseHexQuad(escapeStart: escapeStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONSyntaxError(offset: escapeStart, problem: "unpaired UTF-16 surrogate in a \\u escape")
            }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(code) {
            throw JSONSyntaxError(offset: escapeStart, problem: "unpaired UTF-16 surrogate in a \\u escape")
        }
        output.append(contentsOf: UTF8.encode(Unicode.Scalar(code)!)!)
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw unexpectedEnd() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONSyntaxError(offset: escapeStart, problem: "invalid \\u escape (expected four hex digits)")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// Checks the JSON number grammar and returns the number's exact text.
    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw invalidNumber(start) }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw invalidNumber(start) }
            skipDigits()
        }
        if let exponent = peek(), exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw invalidNumber(start) }
            skipDigits()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        for expected in UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount) {
            guard let byte = peek() else { throw unexpectedEnd() }
            guard byte == expected else {
                throw JSONSyntaxError(offset: start, problem: "unexpected \(describeByte(at: start)), expected a value")
            }
            index += 1
        }
    }

    // MARK: - Helpers

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(),
              byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\t") {
            index += 1
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > Self.maximumDepth {
            throw JSONSyntaxError(offset: index - 1, problem: "nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private func unexpectedEnd() -> JSONSyntaxError {
        JSONSyntaxError(offset: bytes.count, problem: "unexpected end of data")
    }

    private func controlCharacter() -> JSONSyntaxError {
        JSONSyntaxError(offset: index, problem: "unescaped control character in a string")
    }

    private func invalidNumber(_ start: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: start, problem: "invalid number")
    }

    /// The character at `offset` for an error message, quoted when printable.
    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of data" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return "character U+\(String(byte, radix: 16, uppercase: true).leftPadded(to: 4))" }
        // Input is valid UTF-8: decode the scalar that starts here.
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset...]).makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            // C1 controls (U+0080-U+009F; U+009B is CSI) and other invisible
            // characters are named, never echoed: the message is printed on
            // the user's terminal (found by `make fuzz-parsers`).
            if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || !scalar.properties.isGraphemeBase && !scalar.properties.isGraphemeExtend {
                return "character U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))"
            }
            return "character '\(Character(scalar))'"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
