import NIOCore
import NIOWebSocket

/// RFC 6455 as a client's frames arrive, without the socket: what each
/// frame means for the session, or why the connection must close. No
/// extension is negotiated, so a frame the client may not send closes with
/// 1002 (an unmasked frame, a reserved bit or opcode, a fragmented or
/// long control frame, a continuation with no message, a new message
/// inside a fragmented one); a text message that is not UTF-8, checked
/// across its fragments, closes with 1007.
struct WebSocketMessageReader {
    /// What a frame asks of the session.
    enum Event: Equatable {
        /// Terminal input: a binary frame, or a fragment of a binary message.
        case input(ByteBuffer)
        /// A whole text message (a control message), when short enough to be one.
        case control(String)
        /// Answer with a pong carrying this payload.
        case ping(ByteBuffer)
        /// The client closes: answer with this code.
        case close(WebSocketErrorCode)
        /// Close with this code and reason: the client broke the protocol.
        case fail(WebSocketErrorCode, String)
        /// Nothing to do (a pong, a fragment of a text message, a text too long).
        case nothing
    }

    private enum Message { case binary, text }

    private var message: Message?
    private var validator = UTF8Validator()
    private var text = ByteBuffer()
    private var textTooLong = false
    private let largestText: Int

    /// `largestText`: a longer text message is checked but not kept.
    init(largestText: Int) {
        self.largestText = largestText
    }

    /// The next frame from the client.
    mutating func read(_ frame: WebSocketFrame) -> Event {
        if let violation = violation(of: frame) { return .fail(.protocolError, violation) }
        switch frame.opcode {
        case .binary:
            message = frame.fin ? nil : .binary
            return .input(frame.unmaskedData)
        case .text:
            message = .text
            validator = UTF8Validator()
            text.clear()
            textTooLong = false
            return readText(frame)
        case .continuation:
            guard message == .binary else { return readText(frame) }
            if frame.fin { message = nil }
            return .input(frame.unmaskedData)
        case .ping:
            return .ping(frame.unmaskedData)
        case .connectionClose:
            return readClose(frame.unmaskedData)
        default:
            return .nothing
        }
    }

    private func violation(of frame: WebSocketFrame) -> String? {
        if frame.maskKey == nil { return "unmasked frame" }
        if frame.rsv1 || frame.rsv2 || frame.rsv3 { return "reserved bits set" }
        switch frame.opcode {
        case .connectionClose, .ping, .pong:
            if !frame.fin { return "fragmented control frame" }
            if frame.length > 125 { return "control frame over 125 bytes" }
            return nil
        case .continuation:
            return message == nil ? "continuation without a message" : nil
        case .text, .binary:
            return message == nil ? nil : "a new message inside a fragmented one"
        default:
            return "reserved opcode"
        }
    }

    private mutating func readText(_ frame: WebSocketFrame) -> Event {
        var bytes = frame.unmaskedData
        guard validator.feed(bytes), !frame.fin || validator.isComplete else {
            message = nil
            return .fail(.dataInconsistentWithMessage, "invalid UTF-8 in a text message")
        }
        if !textTooLong, text.readableBytes + bytes.readableBytes <= largestText {
            text.writeBuffer(&bytes)
        } else {
            textTooLong = true
            text.clear()
        }
        guard frame.fin else { return .nothing }
        message = nil
        guard !textTooLong, let string = text.getString(at: text.readerIndex, length: text.readableBytes) else { return .nothing }
        text.clear()
        return .control(string)
    }

    /// A close frame with a one-byte payload or a code no endpoint may send
    /// is itself an error (1002), as is a reason that is not UTF-8 (1007);
    /// otherwise its code is echoed (1000 when it gave none).
    private func readClose(_ payload: ByteBuffer) -> Event {
        var payload = payload
        if payload.readableBytes == 0 { return .close(.normalClosure) }
        guard let raw = payload.readInteger(as: UInt16.self) else { return .fail(.protocolError, "a one-byte close payload") }
        guard (1000...1003).contains(raw) || (1007...1014).contains(raw) || (3000...4999).contains(raw) else {
            return .fail(.protocolError, "invalid close code")
        }
        var reason = UTF8Validator()
        guard reason.feed(payload), reason.isComplete else {
            return .fail(.dataInconsistentWithMessage, "invalid UTF-8 in the close reason")
        }
        return .close(WebSocketErrorCode(codeNumber: Int(raw)))
    }
}
