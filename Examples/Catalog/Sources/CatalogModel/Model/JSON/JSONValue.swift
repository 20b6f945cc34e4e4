/// A parsed JSON value that keeps what Foundation loses: the order of keys in
/// an object, the exact text of a number (so `4.0` stays `4.0`), and the
/// difference between `true` and `1`.
enum JSONValue: Sendable, Equatable {
    case string(String)
    /// The number exactly as written in the source.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Members in source order; duplicate keys are kept as written.
    case object([JSONMember])

    /// A short noun for error messages: "a string", "an object", ...
    var kindDescription: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as compact JSON, keys in source order.
    var compactJSON: String {
        var output = ""
        appendCompactJSON(to: &output)
        return output
    }

    private func appendCompactJSON(to output: inout String) {
        switch self {
        case .string(let text): output += JSONValue.quoted(text)
        case .number(let text): output += text
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.appendCompactJSON(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                output += JSONValue.quoted(member.key)
                output += ":"
                member.value.appendCompactJSON(to: &output)
            }
            output += "}"
        }
    }

    /// JSON string literal for `text`, escaping what JSON requires.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

struct JSONMember: Sendable, Equatable {
    let key: String
    let value: JSONValue
}

extension [JSONMember] {
    /// The first member named `key`, if any.
    func value(forKey key: String) -> JSONValue? {
        first { $0.key == key }?.value
    }
}
