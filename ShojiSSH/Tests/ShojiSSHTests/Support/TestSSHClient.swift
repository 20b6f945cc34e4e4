import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// An SSH client built on swift-nio-ssh, for saying to the server what the
/// OpenSSH client would not: any user name, any terminal name or size, many
/// shells on one connection, a huge window and then no reading at all.
final class TestSSHClient {
    private static let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    let channel: any Channel

    /// Connects and authenticates as `user` with `key` (or `password`, or
    /// asks with "none" only). `maximumPacketSize` sets the window it
    /// advertises (64 times it).
    init(port: Int, user: String, key: NIOSSHPrivateKey?, password: String? = nil, maximumPacketSize: Int? = nil) throws {
        let made = try ClientBootstrap(group: Self.group)
            .channelInitializer { channel in
                // Made on the channel's loop: the configuration is not Sendable.
                var configuration = SSHClientConfiguration(userAuthDelegate: OneOffer(user: user, key: key, password: password),
                                                           serverAuthDelegate: TrustAnyHostKey())
                if let maximumPacketSize { configuration.maximumPacketSize = maximumPacketSize }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandlers([
                        NIOSSHHandler(role: .client(configuration), allocator: channel.allocator,
                                      inboundChildChannelInitializer: nil),
                    ])
                }
            }
            .connect(host: "127.0.0.1", port: port).wait()
        channel = made
    }

    deinit { try? channel.close().wait() }

    /// Opens a session channel; throws when the server refuses it.
    func openSession() throws -> TestSession {
        let recorder = SessionRecorder()
        let promise = channel.eventLoop.makePromise(of: (any Channel).self)
        let channel = self.channel
        channel.eventLoop.execute {
            // Looked up on the loop: the handler is not Sendable.
            guard let ssh = try? channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self) else {
                return promise.fail(ChannelError.ioOnClosedChannel)
            }
            ssh.createChannel(promise, channelType: .session) { child, _ in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(recorder)
                }
            }
        }
        return TestSession(channel: try promise.futureResult.wait(), handler: recorder)
    }

    /// Opens a session on an 80x24 terminal and starts its shell (the app).
    func startApp() throws -> TestSession {
        let session = try openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        return session
    }

    /// Stops reading from the socket: the server's writes pile up on its side.
    func stopReading() throws {
        try channel.setOption(ChannelOptions.autoRead, value: false).wait()
    }
}

/// One session channel as the test sees it.
final class TestSession: Sendable {
    private let channel: any Channel
    private let handler: SessionRecorder

    fileprivate init(channel: any Channel, handler: SessionRecorder) {
        self.channel = channel
        self.handler = handler
    }

    func requestTerminal(columns: Int, rows: Int, term: String = "xterm") throws {
        try send(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: true, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: .init([:])))
    }

    func startShell() throws {
        try send(SSHChannelRequestEvent.ShellRequest(wantReply: true))
    }

    func changeWindow(columns: Int, rows: Int) throws {
        try send(SSHChannelRequestEvent.WindowChangeRequest(terminalCharacterWidth: columns, terminalRowHeight: rows,
                                                           terminalPixelWidth: 0, terminalPixelHeight: 0))
    }

    private func send(_ event: any Sendable) throws {
        try channel.triggerUserOutboundEvent(event).wait()
    }

    /// Writes `bytes` as channel data, `chunk` at a time, waiting for each
    /// write: the SSH window holds the test back as it would a client.
    /// A server that stops reading for good fails the test after `timeout`
    /// instead of hanging it.
    func type(_ bytes: [UInt8], chunk: Int = 32 * 1024, timeout: TimeAmount = .seconds(60)) throws {
        let written = channel.eventLoop.makePromise(of: Void.self)
        let settled = NIOLockedValueBox(false)
        let settle: @Sendable (Result<Void, any Error>) -> Void = { result in
            guard settled.withLockedValue({ done in defer { done = true }; return !done }) else { return }
            written.completeWith(result)
        }
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { settle(.failure(TypingTimedOut())) }
        var last: EventLoopFuture<Void> = channel.eventLoop.makeSucceededVoidFuture()
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            let part = ByteBuffer(bytes: bytes[start..<min(start + chunk, bytes.count)])
            last = channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(part)))
        }
        last.whenComplete(settle)
        defer { deadline.cancel() }
        try written.futureResult.wait()
    }

    var output: String { handler.output }
    var errors: String { handler.errors }
    var received: Int { handler.receivedBytes }

    /// Waits for `text` in what the app wrote; false when the time is up.
    func waitForOutput(_ text: String, timeout: TimeInterval = 10) -> Bool {
        wait(timeout) { self.handler.output.contains(text) }
    }

    /// The exit status, once the server sent it and closed the channel.
    func waitForExit(timeout: TimeInterval = 10) -> Int? {
        _ = wait(timeout) { self.handler.closed }
        return handler.exitStatus
    }

    private func wait(_ timeout: TimeInterval, until done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if done() { return true }
            usleep(20_000)
        }
        return done()
    }
}

/// Keeps what the server sends on a session channel.
final class SessionRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = SSHChannelData

    private struct State {
        var output: [UInt8] = []
        var errors: [UInt8] = []
        var receivedBytes = 0
        var exitStatus: Int?
        var closed = false
    }

    private let state = NIOLockedValueBox(State())
    /// Keeps only the end of a flood of output.
    private static let kept = 256 * 1024

    var output: String { String(decoding: state.withLockedValue { $0.output }, as: UTF8.self) }
    var errors: String { String(decoding: state.withLockedValue { $0.errors }, as: UTF8.self) }
    var receivedBytes: Int { state.withLockedValue { $0.receivedBytes } }
    var exitStatus: Int? { state.withLockedValue { $0.exitStatus } }
    var closed: Bool { state.withLockedValue { $0.closed } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(let buffer) = message.data else { return }
        let bytes = Array(buffer.readableBytesView)
        state.withLockedValue { state in
            state.receivedBytes += bytes.count
            if message.type == .stdErr {
                state.errors += bytes
            } else {
                state.output += bytes
                if state.output.count > Self.kept { state.output.removeFirst(state.output.count - Self.kept) }
            }
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let status = event as? SSHChannelRequestEvent.ExitStatus {
            state.withLockedValue { $0.exitStatus = status.exitStatus }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.closed = true }
        context.fireChannelInactive()
    }
}

/// Offers `key` (or `password`) once, or "none" when there is neither, then gives up.
private final class OneOffer: NIOSSHClientUserAuthenticationDelegate, Sendable {
    private let user: String
    private let key: NIOSSHPrivateKey?
    private let password: String?
    private let offered = NIOLockedValueBox(false)

    init(user: String, key: NIOSSHPrivateKey?, password: String?) {
        self.user = user
        self.key = key
        self.password = password
    }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        let first = offered.withLockedValue { offered in
            defer { offered = true }
            return !offered
        }
        guard first else { return nextChallengePromise.fail(NoMoreOffers()) }
        let offer: NIOSSHUserAuthenticationOffer.Offer = if let key {
            .privateKey(.init(privateKey: key))
        } else if let password {
            .password(.init(password: password))
        } else {
            .none
        }
        nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(username: user, serviceName: "", offer: offer))
    }
}

private struct NoMoreOffers: Error {}

/// The server took none of the rest of what was typed within the time.
struct TypingTimedOut: Error {}

private final class TrustAnyHostKey: NIOSSHClientServerAuthenticationDelegate, Sendable {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}
