import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOSSH
@testable import ShojiSSH
import Testing

/// One session channel's requests on NIOEmbedded, up to the point where an
/// app would start: what is answered, what the client is told, and with
/// which exit status. (Sessions that run an app: `ServingUnderAttackTests`.)
@Suite struct SessionHandlerTests {
    /// The session channel, what went out on it, and the connection it belongs to.
    private struct Session {
        let channel: EmbeddedChannel
        let replies: ReplyRecorder
        let connection: ConnectionContext

        func fire(_ event: any Sendable) {
            channel.pipeline.fireUserInboundEventTriggered(event)
        }

        /// Lines written to the client's stderr.
        func errors() throws -> [String] {
            var lines: [String] = []
            while let message = try channel.readOutbound(as: SSHChannelData.self) {
                guard message.type == .stdErr, case .byteBuffer(let buffer) = message.data else { continue }
                lines.append(String(buffer: buffer))
            }
            return lines
        }
    }

    private func session(authenticated: Bool = true,
                         configure: (inout SSHAppServer.Configuration) -> Void = { _ in }) throws -> Session {
        var configuration = SSHAppServer.Configuration(appName: "demo", appExecutable: "/bin/false", hostKeyPath: "/x")
        configure(&configuration)
        let registry = ConnectionRegistry(maximumSessions: 2, maximumConnectionsPerAddress: 2)
        let connection = ConnectionContext(peer: "192.0.2.1", logger: Logger(label: "test"), registry: registry,
                                           maximumSessions: 2)
        if authenticated { connection.authenticated(as: .guest()) }
        let replies = ReplyRecorder()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers([
            replies, SessionHandler(launcher: SessionLauncher(configuration: configuration, registry: registry),
                                    connection: connection),
        ])
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 22)).wait()
        return Session(channel: channel, replies: replies, connection: connection)
    }

    private static func pty(_ columns: Int, _ rows: Int, term: String = "xterm") -> SSHChannelRequestEvent.PseudoTerminalRequest {
        .init(wantReply: true, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows,
              terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: .init([:]))
    }

    @Test func aCommandIsRefusedWithItsReasonAndStatus64() throws {
        let session = try session()
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(SSHChannelRequestEvent.ExecRequest(command: "ls", wantReply: true))
        #expect(try session.errors() == ["demo: this server runs the demo app only; connect without a command\r\n"])
        #expect(session.replies.events == ["success", "exit-status 64"])
        #expect(!session.channel.isActive)
    }

    @Test func subsystemsAndTheClientsEnvironmentAreRefused() throws {
        let session = try session()
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(SSHChannelRequestEvent.SubsystemRequest(subsystem: "sftp", wantReply: true))
        session.fire(SSHChannelRequestEvent.EnvironmentRequest(wantReply: true, name: "LD_PRELOAD", value: "/tmp/x.so"))
        session.fire(SSHChannelRequestEvent.EnvironmentRequest(wantReply: false, name: "LANG", value: "C"))
        #expect(session.replies.events == ["failure", "failure"])
        #expect(session.channel.isActive, "the session goes on")
    }

    @Test func aShellWithoutATerminalIsToldToUseSshDashT() throws {
        let session = try session()
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(Self.pty(0, 0))  // `ssh -tt` from a pipe
        session.fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try session.errors() == ["demo: the demo app needs a terminal: connect with `ssh -t` from a terminal\r\n"])
        #expect(session.replies.events == ["success", "success", "exit-status 2"])
    }

    @Test func aTerminalLargerThanTheMaximumIsRefusedWithTheSizes() throws {
        let session = try session { $0.maximumTerminalSize = TerminalSize(columns: 300, rows: 100) }
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(Self.pty(301, 50))
        session.fire(SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: 5000, terminalRowHeight: 5000,
                                                               terminalPixelWidth: 0, terminalPixelHeight: 0))
        session.fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try session.errors() == [
            "demo: the terminal is 301x50; this server draws at most 300x100: make the window smaller and connect again\r\n",
        ])
        #expect(session.replies.events == ["success", "success", "exit-status 2"])
    }

    @Test func aSessionOfAConnectionThatHasNotAuthenticatedStartsNothing() throws {
        let session = try session(authenticated: false)
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(Self.pty(80, 24))
        session.fire(SSHChannelRequestEvent.ShellRequest(wantReply: true))
        #expect(try session.errors() == ["demo: not authenticated\r\n"])
        #expect(session.replies.events == ["success", "success", "exit-status 1"])
    }

    /// `ssh < /dev/null`: the client's end of input is not the end of the session.
    @Test func theClientClosingItsInputKeepsTheSessionOpen() throws {
        let session = try session()
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(ChannelEvent.inputClosed)
        #expect(session.channel.isActive)
        #expect(session.replies.events.isEmpty)
    }

    /// Typing (channel data) and window changes are what the idle timeout
    /// counts; other requests are not. Only typing ends the input grace
    /// period: a client that only resizes is still hung up after it.
    @Test func inputAndWindowChangesCountAsTheUserBeingThere() throws {
        let session = try session()
        defer { _ = try? session.channel.finish(acceptAlreadyClosed: true) }
        session.fire(Self.pty(80, 24))
        let afterRequest = session.connection.clock.lastInput
        session.fire(SSHChannelRequestEvent.EnvironmentRequest(wantReply: false, name: "A", value: "b"))
        #expect(session.connection.clock.lastInput == afterRequest)
        usleep(2_000)
        session.fire(SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: 90, terminalRowHeight: 30,
                                                               terminalPixelWidth: 0, terminalPixelHeight: 0))
        let afterResize = session.connection.clock.lastInput
        #expect(afterResize > afterRequest)
        #expect(!session.connection.clock.hasTyped, "a resize is not a key")
        usleep(2_000)
        try session.channel.writeInbound(SSHChannelData(type: .channel, data: .byteBuffer(ByteBuffer(string: "j"))))
        let afterKey = session.connection.clock.lastInput
        #expect(afterKey > afterResize)
        #expect(session.connection.clock.hasTyped)
        usleep(2_000)
        session.fire(SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: 100, terminalRowHeight: 30,
                                                               terminalPixelWidth: 0, terminalPixelHeight: 0))
        #expect(session.connection.clock.lastInput > afterKey)
    }
}

/// Stands in for swift-nio-ssh's channel below the session handler: records
/// the replies and exit statuses it is asked to send.
private final class ReplyRecorder: ChannelOutboundHandler {
    typealias OutboundIn = Any
    private(set) var events: [String] = []

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        switch event {
        case is ChannelSuccessEvent: events.append("success")
        case is ChannelFailureEvent: events.append("failure")
        case let status as SSHChannelRequestEvent.ExitStatus: events.append("exit-status \(status.exitStatus)")
        default: events.append("\(event)")
        }
        promise?.succeed(())
    }
}
