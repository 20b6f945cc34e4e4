import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// One SSH session channel: takes the client's pty request, starts the app
/// on a pseudo-terminal of that size for the shell request, passes bytes
/// both ways, resizes on window changes, and closes the channel with the
/// app's exit status. Exec, subsystems and environment variables are refused.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

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

    init(launcher: SessionLauncher, connection: ConnectionContext) {
        self.launcher = launcher
        self.connection = connection
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A client closing its input (ssh < /dev/null) must not end the session.
        context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).whenFailure { _ in }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            // A 0x0 request comes from `ssh -tt` without a terminal: accepted
            // here, so the shell request can say what is wrong, not just fail.
            let size = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            if app == nil, size.isUsable { terminal = (request.term, size) }
            reply(context, request.wantReply, success: app == nil)
        case let request as SSHChannelRequestEvent.ShellRequest:
            startApp(context, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(context, request.wantReply, success: true)
            end(context, message: "this server runs the \(launcher.configuration.appName) app only; connect without a command", status: 64)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            connection.logger.notice("refused subsystem", metadata: ["subsystem": "\(request.subsystem)"])
            reply(context, request.wantReply, success: false)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            // The app's environment is the server's choice, never the client's.
            reply(context, request.wantReply, success: false)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            let size = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            guard size.isUsable, var current = terminal else { return }
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
        terminalChannel?.writeAndFlush(bytes, promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        terminalChannel?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in }
        context.fireChannelWritabilityChanged()
    }

    /// The client went away (or the connection dropped): hang up the app's
    /// terminal as a real one would, then make sure it is gone.
    func channelInactive(context: ChannelHandlerContext) {
        sessionChannelOpen = false
        connection.removeHangUp(for: ObjectIdentifier(self))
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
        guard let terminal else {
            return end(context, message: "the \(launcher.configuration.appName) app needs a terminal: connect with `ssh -t` from a terminal", status: 2)
        }
        guard launcher.registry.reserveSession() else {
            let maximum = launcher.registry.maximumSessions
            let reason = launcher.registry.isAccepting
                ? "the server is full (\(maximum) session\(maximum == 1 ? "" : "s")); try again later"
                : "the server is shutting down"
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
            "as": "\(identity)", "pid": "\(app.pid)", "term": "\(terminal.type)", "size": "\(terminal.size)",
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
            TerminalOutputHandler(sessionChannel: sessionChannel) { [self] in
                terminalClosed = true
                finishIfDone(sessionChannel)
            }, eventLoop: context.eventLoop)
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
                    if !sessionChannelOpen { channel.close(promise: nil) }
                case .failure(let error):
                    connection.logger.error("cannot attach the terminal", metadata: ["error": "\(error)"])
                    close(app.masterDescriptor)
                    close(writeDescriptor)
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
        launcher.registry.releaseSession(app: pid)
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
