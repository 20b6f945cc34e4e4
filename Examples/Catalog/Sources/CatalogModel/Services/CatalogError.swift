import Foundation

/// Why a catalogue could not be loaded. Each case carries what the user needs
/// to fix it (the file or URL, the position or item and field, the problem),
/// and `description` says it in one line for the error alert.
package enum CatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the OS's wording.
    case unreadable(source: String, reason: String)
    /// Refused before reading: larger than `limit` bytes.
    case tooLarge(source: String, byteCount: Int64, limit: Int64)
    case notUTF8(source: String, position: TextPosition)
    case malformedJSON(source: String, position: TextPosition, problem: String)
    /// The top level parsed, but is not an array; `found` is e.g. "an object".
    case topLevelNotArray(source: String, found: String)
    /// `item` is 1-based, as a person counts.
    case itemNotObject(source: String, item: Int, found: String)
    case wrongFieldType(source: String, item: Int, field: String, expected: String)
    /// Neither a file path nor an http(s) URL.
    case unsupportedSource(String)
    case httpStatus(url: String, status: Int)
    case timedOut(url: String, seconds: Double)
    case network(url: String, reason: String)

    /// The largest catalogue file accepted (64 MiB).
    package static let maximumByteCount: Int64 = 64 * 1024 * 1024

    package var description: String {
        switch self {
        case .unreadable(let source, let reason):
            "Cannot read \(source): \(reason)"
        case .tooLarge(let source, let byteCount, let limit):
            "\(source) is \(Self.mebibytes(byteCount)); catalogue files over \(Self.mebibytes(limit)) are refused"
        case .notUTF8(let source, let position):
            "\(source) is not valid UTF-8: bad byte at \(position) (byte \(position.byteOffset))"
        case .malformedJSON(let source, let position, let problem):
            "\(source): malformed JSON at \(position): \(problem)"
        case .topLevelNotArray(let source, let found):
            "\(source): the top level should be an array of items, but it is \(found)"
        case .itemNotObject(let source, let item, let found):
            "\(source): item \(item) should be an object, but it is \(found)"
        case .wrongFieldType(let source, let item, let field, let expected):
            "\(source): item \(item): \"\(field)\" should be \(expected)"
        case .unsupportedSource(let text):
            "\(text) is neither a file path nor an http:// or https:// URL"
        case .httpStatus(let url, let status):
            "\(url): the server answered HTTP \(status)"
        case .timedOut(let url, let seconds):
            "\(url): no complete answer within \(Self.seconds(seconds)) (timed out)"
        case .network(let url, let reason):
            "\(url): network failure: \(reason)"
        }
    }

    private static func mebibytes(_ byteCount: Int64) -> String {
        let value = Double(byteCount) / 1_048_576
        return value == value.rounded() ? "\(Int64(value)) MiB" : String(format: "%.1f MiB", value)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
