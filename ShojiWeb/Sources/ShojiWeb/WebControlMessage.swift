import Foundation
import ShojiSSH

/// A control message from the page, sent as a WebSocket text message (the
/// terminal's bytes go as binary frames, both ways). One JSON object per
/// message:
///
/// ```json
/// {"type": "resize", "columns": 120, "rows": 40}
/// ```
///
/// Anything else in a text frame is ignored. A size is clamped to the
/// server's maximum, and a size of zero either way is no size.
enum WebControlMessage: Equatable {
    case resize(TerminalSize)

    private struct Wire: Decodable {
        let type: String
        let columns: Int?
        let rows: Int?
    }

    /// The longest message read; a longer text message is ignored.
    static let largestMessage = 256

    /// Parses one text message; nil for anything that is not a known message.
    static func parse(_ text: String, maximum: TerminalSize) -> WebControlMessage? {
        guard text.utf8.count <= largestMessage, let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)),
              wire.type == "resize", let columns = wire.columns, let rows = wire.rows else { return nil }
        let size = TerminalSize(columns: columns, rows: rows)
        guard size.isUsable else { return nil }
        return .resize(size.clamped(to: maximum))
    }

    /// The size a session starts at, from the URL's `columns` and `rows`
    /// (the page knows its size before it connects): clamped, 80x24 when absent.
    static func initialSize(uri: String, maximum: TerminalSize) -> TerminalSize {
        let columns = WebAccess.queryItem("columns", in: uri).flatMap { Int($0) } ?? 80
        let rows = WebAccess.queryItem("rows", in: uri).flatMap { Int($0) } ?? 24
        let size = TerminalSize(columns: columns, rows: rows)
        return size.isUsable ? size.clamped(to: maximum) : TerminalSize(columns: 80, rows: 24)
    }
}
