import NIOCore
import NIOEmbedded
import NIOSSH
@testable import ShojiSSH
import Testing

/// What the app writes to its terminal reaches the client as few SSH
/// messages as the reads allow: one per read burst.
@Suite struct TerminalOutputHandlerTests {
    /// The pty side (reads come in) and the session side (messages go out).
    private func channels() throws -> (terminal: EmbeddedChannel, session: EmbeddedChannel) {
        let session = EmbeddedChannel()
        let terminal = EmbeddedChannel(handler: TerminalOutputHandler(sessionChannel: session) {})
        return (terminal, session)
    }

    /// Ends both channels: an embedded channel's pipeline and its handlers
    /// hold each other until `finish()`, which LeakSanitizer reported as a
    /// leak for every test that did not call it (`make sanitize`).
    private func finish(_ channels: EmbeddedChannel...) {
        for channel in channels { _ = try? channel.finish(acceptAlreadyClosed: true) }
    }

    private func sent(_ session: EmbeddedChannel) throws -> [String] {
        var messages: [String] = []
        while let message = try session.readOutbound(as: SSHChannelData.self) {
            guard case .byteBuffer(let buffer) = message.data else { continue }
            messages.append(String(buffer: buffer))
        }
        return messages
    }

    @Test func oneReadBurstIsOneMessage() throws {
        let (terminal, session) = try channels()
        defer { finish(terminal, session) }
        // A frame the pty hands over in three reads, then the burst ends.
        for part in ["\u{1B}[5;1H", "  iPhone 3G", "\u{1B}[6;1H"] {
            terminal.pipeline.fireChannelRead(ByteBuffer(string: part))
        }
        #expect(try sent(session).isEmpty)
        terminal.pipeline.fireChannelReadComplete()
        #expect(try sent(session) == ["\u{1B}[5;1H  iPhone 3G\u{1B}[6;1H"])
    }

    @Test func eachBurstIsItsOwnMessage() throws {
        let (terminal, session) = try channels()
        defer { finish(terminal, session) }
        terminal.pipeline.fireChannelRead(ByteBuffer(string: "first"))
        terminal.pipeline.fireChannelReadComplete()
        terminal.pipeline.fireChannelRead(ByteBuffer(string: "second"))
        terminal.pipeline.fireChannelReadComplete()
        #expect(try sent(session) == ["first", "second"])
    }

    @Test func aLargeBurstStreamsInMessagesOfAtMostTheLimit() throws {
        let (terminal, session) = try channels()
        defer { finish(terminal, session) }
        let chunk = String(repeating: "x", count: 4096)
        let reads = TerminalOutputHandler.largestMessage / chunk.count + 2
        for _ in 0..<reads { terminal.pipeline.fireChannelRead(ByteBuffer(string: chunk)) }
        // The limit was passed mid-burst: that much already left.
        let early = try sent(session)
        #expect(early.count == 1)
        #expect(early.first?.count == TerminalOutputHandler.largestMessage)
        terminal.pipeline.fireChannelReadComplete()
        #expect(try sent(session).map(\.count) == [chunk.count * reads - TerminalOutputHandler.largestMessage])
    }

    @Test func whatIsPendingWhenTheTerminalClosesIsStillSent() throws {
        let (terminal, session) = try channels()
        defer { finish(terminal, session) }
        terminal.pipeline.fireChannelRead(ByteBuffer(string: "bye"))
        terminal.pipeline.fireChannelInactive()
        #expect(try sent(session) == ["bye"])
    }
}
