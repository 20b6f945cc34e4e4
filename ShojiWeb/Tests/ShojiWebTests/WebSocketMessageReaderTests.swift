import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
@testable import ShojiWeb

/// RFC 6455 on the server's side, in the spirit of the Autobahn suite's
/// cases 1-7: each row is frames as a client puts them on the wire, decoded
/// by NIO's frame decoder on an `EmbeddedChannel` and read by the session's
/// `WebSocketMessageReader`; the row says what the last frame must do.
@Suite struct WebSocketMessageReaderTests {
    /// One frame on the wire: `mask` nil sends it unmasked.
    private static func frame(fin: Bool = true, rsv: UInt8 = 0, opcode: UInt8, _ payload: [UInt8],
                              mask: [UInt8]? = [0x37, 0xFA, 0x21, 0x3D]) -> [UInt8] {
        var bytes: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let maskBit: UInt8 = mask == nil ? 0 : 0x80
        if payload.count < 126 {
            bytes.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65536 {
            bytes.append(maskBit | 126)
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard let mask else { return bytes + payload }
        return bytes + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    private static func text(_ string: String, fin: Bool = true) -> [UInt8] { frame(fin: fin, opcode: 1, Array(string.utf8)) }

    /// The events of `wire`'s frames, in order; a decoder error ends the list as `fail`.
    private func events(_ wire: [[UInt8]]) throws -> [WebSocketMessageReader.Event] {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 64 * 1024)))
        defer { _ = try? channel.finish() }
        var reader = WebSocketMessageReader(largestText: 256)
        var events: [WebSocketMessageReader.Event] = []
        for bytes in wire {
            do {
                try channel.writeInbound(ByteBuffer(bytes: bytes))
            } catch let error as NIOWebSocketError {
                return events + [.fail(error == .invalidFrameLength ? .messageTooLarge : .protocolError, "decoder")]
            }
            while let frame = try channel.readInbound(as: WebSocketFrame.self) {
                events.append(reader.read(frame))
                if case .fail = events.last { return events }
            }
        }
        return events
    }

    /// The close code the last frame leads to, or nil when the connection stays open.
    private func closeCode(_ wire: [[UInt8]]) throws -> Int? {
        switch try events(wire).last {
        case .fail(let code, _), .close(let code): Int(UInt16(webSocketErrorCode: code))
        default: nil
        }
    }

    @Test(arguments: [
        // name, frames, the close code they lead to (nil: none)
        ("binary, masked", [frame(opcode: 2, [1, 2, 3])], nil),
        ("unmasked client frame", [frame(opcode: 2, [1, 2, 3], mask: nil)], 1002),
        ("unmasked ping", [frame(opcode: 9, [], mask: nil)], 1002),
        ("RSV1 set", [frame(rsv: 4, opcode: 2, [1])], 1002),
        ("RSV2 set", [frame(rsv: 2, opcode: 1, [0x41])], 1002),
        ("RSV3 set on a ping", [frame(rsv: 1, opcode: 9, [])], 1002),
        ("reserved data opcode 3", [frame(opcode: 3, [])], 1002),
        ("reserved data opcode 7", [frame(opcode: 7, [1])], 1002),
        ("reserved control opcode 0xB", [frame(opcode: 0xB, [])], 1002),
        ("reserved control opcode 0xF", [frame(opcode: 0xF, [1])], 1002),
        ("fragmented ping", [frame(fin: false, opcode: 9, [1])], 1002),
        ("ping of 126 bytes", [frame(opcode: 9, [UInt8](repeating: 0x61, count: 126))], 1002),
        ("ping of 125 bytes", [frame(opcode: 9, [UInt8](repeating: 0x61, count: 125))], nil),
        ("continuation with no message", [frame(opcode: 0, [1])], 1002),
        ("text inside a fragmented binary", [frame(fin: false, opcode: 2, [1]), text("x")], 1002),
        ("ping inside a fragmented text", [text("ab", fin: false), frame(opcode: 9, []), frame(opcode: 0, [0x63])], nil),
        ("invalid UTF-8 in a text", [frame(opcode: 1, [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xED, 0xA0, 0x80])], 1007),
        ("overlong slash", [frame(opcode: 1, [0xC0, 0xAF])], 1007),
        ("above U+10FFFF", [frame(opcode: 1, [0xF4, 0x90, 0x80, 0x80])], 1007),
        ("text ending mid-character", [frame(opcode: 1, [0x61, 0xE2, 0x82])], 1007),
        ("a character cut across fragments", [frame(fin: false, opcode: 1, [0xE2, 0x82]), frame(opcode: 0, [0xAC])], nil),
        ("invalid UTF-8 in a later fragment", [text("ok", fin: false), frame(opcode: 0, [0xFF])], 1007),
        ("close, no payload", [frame(opcode: 8, [])], 1000),
        ("close 1001 echoed", [frame(opcode: 8, [0x03, 0xE9])], 1001),
        ("close with one byte", [frame(opcode: 8, [0x03])], 1002),
        ("close with code 1005", [frame(opcode: 8, [0x03, 0xED])], 1002),
        ("close with code 999", [frame(opcode: 8, [0x03, 0xE7])], 1002),
        ("close with invalid UTF-8 reason", [frame(opcode: 8, [0x03, 0xE8, 0xFF])], 1007),
        ("frame above the maximum", [frame(opcode: 2, [UInt8](repeating: 0, count: 64 * 1024 + 1))], 1009),
    ] as [(String, [[UInt8]], Int?)])
    func theCloseCodeFollowsRFC6455(_ name: String, _ wire: [[UInt8]], _ expected: Int?) throws {
        #expect(try closeCode(wire) == expected, "\(name)")
    }

    @Test func aFragmentedResizeIsOneControlMessage() throws {
        let resize = #"{"type":"resize","columns":100,"rows":30}"#
        let events = try events([Self.text(String(resize.prefix(10)), fin: false),
                                 Self.frame(opcode: 0, Array(resize.dropFirst(10).utf8))])
        #expect(events == [.nothing, .control(resize)])
    }

    @Test func aBinaryMessageInFragmentsIsInputAsItComes() throws {
        let events = try events([Self.frame(fin: false, opcode: 2, [0x61]), Self.frame(opcode: 0, [0x62]),
                                 Self.frame(opcode: 2, [0x63])])
        #expect(events == [.input(ByteBuffer(string: "a")), .input(ByteBuffer(string: "b")), .input(ByteBuffer(string: "c"))])
    }

    @Test func aLongTextIsCheckedButNotKept() throws {
        let long = String(repeating: "é", count: 200)  // 400 bytes, above 256
        #expect(try events([Self.text(long)]) == [.nothing])
        #expect(try closeCode([Self.text(long, fin: false), Self.frame(opcode: 0, [0xC3])]) == 1007)
    }
}

@Suite struct UTF8ValidatorTests {
    private func valid(_ bytes: [UInt8]) -> Bool {
        var validator = UTF8Validator()
        return validator.feed(ByteBuffer(bytes: bytes)) && validator.isComplete
    }

    @Test func agreesWithSwiftsDecoderOnEveryTwoByteSequenceAndSamples() {
        for first in UInt8.min...UInt8.max {
            for second in stride(from: 0, through: 255, by: 5).map(UInt8.init) {
                let bytes = [first, second]
                #expect(valid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
            }
        }
        for bytes: [UInt8] in [[0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xE0, 0x9F, 0xBF],
                               [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
                               [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80]] {
            #expect(valid(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func aCharacterMaySpanFeeds() {
        var validator = UTF8Validator()
        let first = validator.feed(ByteBuffer(bytes: [0xF0, 0x9F]))
        #expect(first && !validator.isComplete)
        let second = validator.feed(ByteBuffer(bytes: [0x98, 0x80]))
        #expect(second && validator.isComplete)
        let stray = validator.feed(ByteBuffer(bytes: [0x80]))
        #expect(!stray && !validator.isValid)
    }
}
