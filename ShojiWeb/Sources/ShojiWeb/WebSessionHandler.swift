import Foundation
import Glibc
import Logging
import NIOCore
import NIOPosix
import NIOWebSocket
import ShojiSSH
import ShojiSessions

/// One browser session on an upgraded WebSocket: starts the app (ShojiSSH's
/// `SessionLauncher`, so the same process, pty, limits and environment as
/// an SSH session) and passes bytes both ways. Binary frames are the
/// terminal's bytes; text frames are control messages (`WebControlMessage`).
///
/// Bounded whatever the client does: a frame above the maximum message size
/// closes the session (the upgrader's limit, 1009); its input is read only
/// while the pty takes it; the app's output is read only while the socket
/// takes it (`StalledOutputHandler` stops reading the client meanwhile and
/// closes it past the write timeout); at most one pong waits to be sent;
/// resizes are applied at most every `resizeInterval`; its `SessionClock`
/// hangs up (no key within the input grace period, no input for the idle
/// timeout), by the rule an SSH session follows. RFC 6455's rules are
/// enforced, not assumed: a frame the client may not send closes with
/// 1002, a text message that is not UTF-8 with 1007. The socket closing
/// hangs up the app (SIGHUP, then
/// SIGKILL after 5 s), as a dropped SSH connection does; the app ending
/// closes the socket with a close frame that says how.
final class WebSessionHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    static let resizeInterval = TimeAmount.milliseconds(50)

    private let launcher: SessionLauncher
    private let client: String
    private let logger: Logger
    private var size: TerminalSize
    private var app: AppProcess?
    private var terminal: (any Channel)?
    private var ending: AppProcess.Ending?
    private var terminalClosed = false
    private var socketOpen = true
    private var holdsPlace = false
    private var clock = SessionClock()
    private var pendingResize: TerminalSize?
    private var resizeScheduled = false
    private var reader = WebSocketMessageReader(largestText: WebControlMessage.largestMessage)
    private var pongInFlight = false
    private var nextPong: ByteBuffer?
    private var readHeld = false
    private var pongDeadline: Scheduled<Void>?
    private let writeTimeout: TimeAmount
    private var idleCheck: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    init(launcher: SessionLauncher, client: String, size: TerminalSize, writeTimeout: Double, logger: Logger) {
        self.writeTimeout = .milliseconds(Int64(writeTimeout * 1000))
        self.launcher = launcher
        self.client = client
        self.size = size
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { start(context) }
    }

    /// Lets go of the context when the pipeline tears down (the socket
    /// closed): the context holds this handler, so keeping it would keep
    /// the whole pipeline of every finished session alive.
    func handlerRemoved(context: ChannelHandlerContext) {
        idleCheck?.cancel()
        pongDeadline?.cancel()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        if app == nil, !holdsPlace { start(context) }
        context.fireChannelActive()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard app == nil, !holdsPlace, ending == nil else { return }
        if let refusal = launcher.registry.reserveSession(from: client) {
            let reason = switch refusal {
            case .full: "the server is full; try again later"
            case .tooManyFromAddress: "too many sessions from your address; end one and try again"
            case .shuttingDown: "the server is shutting down"
            }
            logger.notice("refused session", metadata: ["from": "\(client)", "reason": "\(reason)"])
            return closeSocket(context, code: .unknown(1013), reason: reason)
        }
        holdsPlace = true
        let app: AppProcess
        do {
            app = try launcher.spawn(identity: .guest(), client: client, terminalType: "xterm-256color", size: size)
        } catch {
            logger.error("cannot start the app", metadata: ["error": "\(error)"])
            release()
            return closeSocket(context, code: .unexpectedServerError, reason: "cannot start the app")
        }
        self.app = app
        launcher.registry.appStarted(app.pid)
        clock = SessionClock()
        logger.info("session started", metadata: ["from": "\(client)", "pid": "\(app.pid)", "size": "\(size)"])
        let ended = context.eventLoop.makePromise(of: AppProcess.Ending.self)
        app.reap(into: ended)
        ended.futureResult.assumeIsolated().whenSuccess { [self] ending in appEnded(ending) }
        attachTerminal(context, app: app)
        scheduleIdleCheck(context)
    }

    private func attachTerminal(_ context: ChannelHandlerContext, app: AppProcess) {
        let socket = context.channel
        let handler = NIOLoopBound(TerminalFrameHandler(socket: socket, onWritabilityChanged: { writable in
            // The pty is full: stop reading the client until it drains.
            socket.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in }
            if writable { socket.read() }
        }, onClosed: { [self] in
            terminalClosed = true
            finishIfDone()
        }), eventLoop: context.eventLoop)
        let writeDescriptor = fcntl(app.masterDescriptor, F_DUPFD_CLOEXEC, 0)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler.value) }
            }
            .takingOwnershipOfDescriptors(input: app.masterDescriptor, output: writeDescriptor)
            .assumeIsolated().whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    terminal = channel
                    updateOutputFlow()
                    if !socketOpen { channel.close(promise: nil) }
                case .failure(let error):
                    logger.error("cannot attach the terminal", metadata: ["error": "\(error)"])
                    Glibc.close(app.masterDescriptor)
                    Glibc.close(writeDescriptor)
                    app.signal(SIGHUP)
                    terminalClosed = true
                }
            }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var frame = unwrapInboundIn(data)
        defer { frame.data.clear() }
        guard socketOpen else { return }
        switch reader.read(frame) {
        case .input(let bytes):
            input(bytes)
        case .control(let text):
            if case .resize(let asked) = WebControlMessage.parse(text, maximum: launcher.configuration.maximumTerminalSize) {
                clock.noteResize()
                resize(to: asked)
            }
        case .ping(let payload):
            pong(context, payload)
        case .close(let code):
            closeSocket(context, code: code, reason: "")
        case .fail(let code, let reason):
            logger.notice("closing session", metadata: ["from": "\(client)", "reason": "\(reason)"])
            closeSocket(context, code: code, reason: reason)
        case .nothing:
            break
        }
    }

    /// Answers a ping with at most one pong in flight: pings that arrive
    /// meanwhile leave only the latest to answer, so a flood costs two
    /// frames of memory, and the client is not read from while a pong
    /// waits behind another. A pong still unsent after the write timeout
    /// (the client reads nothing) closes the connection.
    private func pong(_ context: ChannelHandlerContext, _ payload: ByteBuffer) {
        guard !pongInFlight else {
            nextPong = payload
            if pongDeadline == nil {
                let channel = context.channel
                pongDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: writeTimeout) { [self] in
                    pongDeadline = nil
                    if pongInFlight {
                        logger.notice("closing session", metadata: ["from": "\(client)", "reason": "pongs left unread"])
                        channel.close(promise: nil)
                    }
                }
            }
            return
        }
        pongInFlight = true
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .pong, data: payload)))
            .assumeIsolated().whenComplete { [self] _ in
                pongInFlight = false
                pongDeadline?.cancel()
                pongDeadline = nil
                guard let context = self.context else { return }
                if let next = nextPong, socketOpen {
                    nextPong = nil
                    pong(context, next)
                }
                if readHeld, nextPong == nil {
                    readHeld = false
                    context.read()
                }
            }
    }

    /// Holds reading while a pong waits behind another one.
    func read(context: ChannelHandlerContext) {
        if pongInFlight, nextPong != nil {
            readHeld = true
        } else {
            context.read()
        }
    }

    private func input(_ bytes: ByteBuffer) {
        guard bytes.readableBytes > 0 else { return }
        clock.noteKeys()
        terminal?.writeAndFlush(bytes, promise: nil)
    }

    /// Applies the latest size at most every `resizeInterval`: a flood of
    /// resizes costs one SIGWINCH per interval, not one per message.
    private func resize(to asked: TerminalSize) {
        pendingResize = asked
        guard !resizeScheduled, let context else { return }
        resizeScheduled = true
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.resizeInterval) { [self] in
            resizeScheduled = false
            guard let next = pendingResize else { return }
            pendingResize = nil
            guard next != size, let app, ending == nil else { return }
            size = next
            AppProcess.resize(master: app.masterDescriptor, to: next)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        updateOutputFlow()
        context.fireChannelWritabilityChanged()
    }

    /// Reads the app's output only while the socket takes it: a client that
    /// stops reading holds its app back instead of growing the server.
    private func updateOutputFlow() {
        guard let context, let terminal else { return }
        terminal.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in }
    }

    private func scheduleIdleCheck(_ context: ChannelHandlerContext) {
        let limits = launcher.configuration.limits
        idleCheck = context.eventLoop.assumeIsolated().scheduleTask(deadline: clock.deadline(under: limits)) { [self] in
            guard let context = self.context, socketOpen else { return }
            if let expiry = clock.expiry(under: limits) {
                logger.info("hanging up", metadata: ["from": "\(client)", "reason": "\(expiry)"])
                closeSocket(context, code: .normalClosure, reason: "\(expiry)")
            } else {
                scheduleIdleCheck(context)
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        socketOpen = false
        idleCheck?.cancel()
        if let app, ending == nil {
            logger.info("client left; hanging up the app", metadata: ["pid": "\(app.pid)"])
            terminal?.close(promise: nil)
            app.signal(SIGHUP)
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(5)) { [self] in
                if ending == nil { app.signal(SIGKILL) }
            }
        }
        context.fireChannelInactive()
    }

    /// The frame decoder's errors close with RFC 6455's code (1009 for a
    /// frame above the maximum size, else 1002); any other error (the
    /// socket's) just closes.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.notice("closing session", metadata: ["from": "\(client)", "error": "\(error)"])
        guard let error = error as? NIOWebSocketError else {
            socketOpen = false
            return context.close(promise: nil)
        }
        switch error {
        case .invalidFrameLength: closeSocket(context, code: .messageTooLarge, reason: "message too large")
        default: closeSocket(context, code: .protocolError, reason: "protocol error")
        }
    }

    private func appEnded(_ ending: AppProcess.Ending) {
        self.ending = ending
        logger.info("session ended", metadata: ["pid": "\(app?.pid ?? 0)", "status": "\(ending.logDescription)"])
        release()
        finishIfDone()
    }

    /// Closes the socket once the app is reaped and its last output read.
    private func finishIfDone() {
        guard let ending, terminalClosed, socketOpen, let context else { return }
        closeSocket(context, code: .normalClosure, reason: ending.logDescription)
    }

    private func release() {
        guard holdsPlace else { return }
        holdsPlace = false
        launcher.registry.releaseSession(from: client, app: app?.pid)
    }

    private func closeSocket(_ context: ChannelHandlerContext, code: WebSocketErrorCode, reason: String) {
        guard socketOpen else { return }
        socketOpen = false
        var data = context.channel.allocator.buffer(capacity: 2 + reason.utf8.count)
        data.write(webSocketErrorCode: code)
        data.writeString(String(reason.utf8.prefix(120)) ?? "")
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: data)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
