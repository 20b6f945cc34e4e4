import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import ShojiCore
import ShojiSessions

/// One SSH session channel: takes the client's pty request, starts the app
/// on a pseudo-terminal of that size for the shell request, passes bytes
/// both ways, resizes on window changes, and closes the channel with the
/// app's exit status. Exec, subsystems and environment variables are refused.
///
/// Both directions are bounded whatever the client does:
/// - its input is read only while the pty takes it: when the app reads
///   slower than the client pastes, reads from the channel are held (so the
///   SSH window closes and the client waits) and asked for again once the
///   pty drains;
/// - the app's output is read only while the channel and the connection's
///   socket take it, so a client that advertises a huge window and stops
///   reading holds its app back instead of growing the server.
final class SessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = Any
    typealias OutboundOut = Any

    private let launcher: SessionLauncher
    private let connection: ConnectionContext
    private var terminal: (type: String, size: TerminalSize)?
    private var app: AppProcess?
    private var terminalChannel: (any Channel)?
    private var ending: AppProcess.Ending?
    private var terminalClosed = false
    private var holdsSessionPlace = false
    private var sessionChannelOpen = true
    private var startedAt = NIODeadline.now()
    /// Why the server hung up the app, told to the client after it ends.
    private var hangUpReason: String?
    /// The client's pty request was larger than the server's maximum.
    private var oversizeRequest: TerminalSize?
    /// The pty is full: reads from the client wait (`read(context:)`).
    private var inputPaused = false
    private var readHeld = false
    private var outputReading = true
    private var context: ChannelHandlerContext?

    init(launcher: SessionLauncher, connection: ConnectionContext) {
        self.launcher = launcher
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        // A client closing its input (ssh < /dev/null) must not end the session.
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        connection.observeSocketWritability(for: ObjectIdentifier(self),
                                            NIOLoopBound({ loopBound.value.updateOutputFlow() }, eventLoop: context.eventLoop))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connection.observeSocketWritability(for: ObjectIdentifier(self), nil)
        self.context = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            // A 0x0 request comes from `ssh -tt` without a terminal: accepted
            // here, so the shell request can say what is wrong, not just fail.
            let size = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            if app == nil, size.isUsable {
                if size.fits(within: launcher.configuration.maximumTerminalSize) {
                    terminal = (request.term, size)
                } else {
                    oversizeRequest = size
                }
            }
            reply(context, request.wantReply, success: app == nil)
        case let request as SSHChannelRequestEvent.ShellRequest:
            startApp(context, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(context, request.wantReply, success: true)
            end(context, message: "this server runs the \(launcher.configuration.appName) app only; connect without a command", status: 64)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            connection.logger.notice("refused subsystem", metadata: ["subsystem": "\(ControlCharacters.logged(request.subsystem))"])
            reply(context, request.wantReply, success: false)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // The app's environment is the server's choice, never the client's.
            reply(context, request.wantReply, success: false)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let asked = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            guard asked.isUsable, var current = terminal else { return }
            connection.noteResize()
            // The app cannot say so once it runs: it draws in the largest
            // terminal allowed, and the log says why.
            let size = asked.clamped(to: launcher.configuration.maximumTerminalSize)
            if size != asked {
                connection.logger.notice("window change clamped", metadata: ["asked": "\(asked)", "size": "\(size)"])
            }
            guard size != current.size else { return }
            current.size = size
            terminal = current
            if let app, ending == nil { AppProcess.resize(master: app.masterDescriptor, to: size) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data else { return }
        connection.noteKeys()
        terminalChannel?.writeAndFlush(bytes, promise: nil)
    }

    // MARK: Input flow: the client's bytes into the pty

    /// swift-nio-ssh asks for the next read through here (setting
    /// `autoRead` on its channels only stores the flag: turned off and on
    /// again it never reads again, which froze a session on a large paste).
    func read(context: ChannelHandlerContext) {
        if inputPaused {
            readHeld = true
        } else {
            context.read()
        }
    }

    /// The pty's writability, told by its channel's handler.
    private func terminalWritabilityChanged(_ writable: Bool) {
        inputPaused = !writable
        guard writable, readHeld, let context else { return }
        readHeld = false
        context.read()
    }

    // MARK: Output flow: the app's output to the client

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        updateOutputFlow()
        context.fireChannelWritabilityChanged()
    }

    /// Reads the app's output only while the channel (the client's window)
    /// and the connection's socket (the client actually reading) take it.
    private func updateOutputFlow() {
        guard let context, let terminalChannel else { return }
        let shouldRead = context.channel.isWritable && connection.isSocketWritable
        guard shouldRead != outputReading else { return }
        outputReading = shouldRead
        terminalChannel.setOption(ChannelOptions.autoRead, value: shouldRead).whenFailure { _ in }
    }

    /// The client went away (or the connection dropped): hang up the app's
    /// terminal as a real one would, then make sure it is gone.
    func channelInactive(context: ChannelHandlerContext) {
        sessionChannelOpen = false
        connection.removeHangUp(for: ObjectIdentifier(self))
        // The connection holds this observer and this handler the connection:
        // let go as soon as the channel is gone, not only when its pipeline is.
        connection.observeSocketWritability(for: ObjectIdentifier(self), nil)
        if let app, ending == nil {
            connection.logger.info("client left; hanging up the app", metadata: ["pid": "\(app.pid)"])
            terminalChannel?.close(promise: nil)
            app.signal(SIGHUP)
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(5)) { [weak self] in
                guard let self, self.ending == nil else { return }
                app.signal(SIGKILL)
            }
        }
        context.fireChannelInactive()
    }

    private func startApp(_ context: ChannelHandlerContext, wantReply: Bool) {
        guard app == nil, !holdsSessionPlace else { return reply(context, wantReply, success: false) }
        reply(context, wantReply, success: true)
        guard let identity = connection.identity else {
            return end(context, message: "not authenticated", status: 1)
        }
        if let oversizeRequest {
            let maximum = launcher.configuration.maximumTerminalSize
            return end(context, message: "the terminal is \(oversizeRequest); this server draws at most \(maximum): make the window smaller and connect again", status: 2)
        }
        guard let terminal else {
            return end(context, message: "the \(launcher.configuration.appName) app needs a terminal: connect with `ssh -t` from a terminal", status: 2)
        }
        if let refusal = launcher.registry.reserveSession(from: connection.peer) {
            let reason = describe(refusal)
            connection.logger.notice("refused session", metadata: ["reason": "\(reason)"])
            return end(context, message: reason, status: 1)
        }
        holdsSessionPlace = true
        let app: AppProcess
        do {
            app = try launcher.spawn(identity: identity, client: connection.peer, terminalType: terminal.type, size: terminal.size)
        } catch {
            connection.logger.error("cannot start the app", metadata: ["error": "\(error)"])
            releaseSessionPlace(app: nil)
            return end(context, message: "\(error)", status: 1)
        }
        self.app = app
        startedAt = .now()
        launcher.registry.appStarted(app.pid)
        connection.logger.info("session started", metadata: [
            "as": "\(ControlCharacters.logged("\(identity)"))", "pid": "\(app.pid)", "term": "\(ControlCharacters.logged(terminal.type))",
            "size": "\(terminal.size)",
        ])
        connection.addHangUp(for: ObjectIdentifier(self), NIOLoopBound({ [weak self] reason in
            guard let self, self.ending == nil else { return }
            self.hangUpReason = reason
            app.signal(SIGHUP)
        }, eventLoop: context.eventLoop))
        let ended = context.eventLoop.makePromise(of: AppProcess.Ending.self)
        app.reap(into: ended)
        let channel = context.channel
        ended.futureResult.assumeIsolated().whenSuccess { [self] ending in appEnded(channel, ending) }
        attachTerminal(context, app: app)
    }

    private func attachTerminal(_ context: ChannelHandlerContext, app: AppProcess) {
        let sessionChannel = context.channel
        let output = NIOLoopBound(
            TerminalOutputHandler(sessionChannel: sessionChannel, onWritabilityChanged: { [self] writable in
                terminalWritabilityChanged(writable)
            }, onClosed: { [self] in
                terminalClosed = true
                finishIfDone(sessionChannel)
            }), eventLoop: context.eventLoop)
        // NIO closes both descriptors with the channel; the second one must be
        // close-on-exec too, so no other session's app inherits this terminal.
        let writeDescriptor = fcntl(app.masterDescriptor, F_DUPFD_CLOEXEC, 0)
        NIOPipeBootstrap(group: context.eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(output.value) }
            }
            .takingOwnershipOfDescriptors(input: app.masterDescriptor, output: writeDescriptor)
            .assumeIsolated().whenComplete { [self] result in
                switch result {
                case .success(let channel):
                    terminalChannel = channel
                    outputReading = true
                    updateOutputFlow()
                    if !sessionChannelOpen { channel.close(promise: nil) }
                case .failure(let error):
                    connection.logger.error("cannot attach the terminal", metadata: ["error": "\(error)"])
                    closeDescriptor(app.masterDescriptor)
                    closeDescriptor(writeDescriptor)
                    app.signal(SIGHUP)
                    terminalClosed = true
                }
            }
    }

    private func appEnded(_ channel: any Channel, _ ending: AppProcess.Ending) {
        self.ending = ending
        let seconds = Double((NIODeadline.now() - startedAt).nanoseconds) / 1e9
        connection.logger.info("session ended", metadata: [
            "pid": "\(app?.pid ?? 0)", "status": "\(ending.logDescription)",
            "seconds": "\((seconds * 10).rounded() / 10)",
        ])
        releaseSessionPlace(app: app?.pid)
        finishIfDone(channel)
    }

    /// Reports the exit status only once the app is reaped and its last
    /// output has been read (the master's EIO), so nothing drawn is lost.
    private func finishIfDone(_ channel: any Channel) {
        guard let ending, terminalClosed, sessionChannelOpen else { return }
        connection.removeHangUp(for: ObjectIdentifier(self))
        if let hangUpReason { writeError(hangUpReason, to: channel) }
        let report: any Sendable = switch ending {
        case .exited(let status):
            SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status))
        case .signalled(let signal):
            SSHChannelRequestEvent.ExitSignal(signalName: AppProcess.Ending.signalName(signal),
                                              errorMessage: "", language: "", dumpedCore: false)
        }
        channel.triggerUserOutboundEvent(report).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Ends a session that never started its app: a line on the client's
    /// stderr, then the status.
    private func end(_ context: ChannelHandlerContext, message: String, status: Int) {
        let channel = context.channel
        writeError(message, to: channel)
        channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// One line on the client's stderr, as `<app>: ...`.
    private func writeError(_ message: String, to channel: any Channel) {
        var buffer = channel.allocator.buffer(capacity: message.utf8.count + 12)
        buffer.writeString("\(launcher.configuration.appName): \(message)\r\n")
        channel.writeAndFlush(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer)), promise: nil)
    }

    private func releaseSessionPlace(app pid: pid_t?) {
        guard holdsSessionPlace else { return }
        holdsSessionPlace = false
        launcher.registry.releaseSession(from: connection.peer, app: pid)
    }

    private func describe(_ refusal: ConnectionRegistry.SessionRefusal) -> String {
        let registry = launcher.registry
        return switch refusal {
        case .full:
            "the server is full (\(registry.maximumSessions) session\(registry.maximumSessions == 1 ? "" : "s")); try again later"
        case .tooManyFromAddress:
            "too many sessions from your address (\(registry.maximumSessionsPerAddress)); end one and try again"
        case .shuttingDown:
            "the server is shutting down"
        }
    }

    private func reply(_ context: ChannelHandlerContext, _ wantReply: Bool, success: Bool) {
        guard wantReply else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }
}

/// `close(2)`: inside a channel handler `close` names the handler's own method.
private func closeDescriptor(_ descriptor: CInt) {
    close(descriptor)
}
