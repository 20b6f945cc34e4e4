import NIOCore
import ShojiCore
import ShojiSessions

/// Sits in front of the SSH handler on each TCP connection (which does not
/// pass `channelInactive` or writability changes on): closes the connection
/// when its `SessionClock` expires (no input for the idle timeout, or no
/// key within the input grace period of signing in) or the client has not
/// authenticated within the login grace time, tells the connection's
/// sessions when the socket stops (and starts) taking writes, and logs and
/// uncounts the connection when it closes.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = Any

    private let connection: ConnectionContext
    private let registry: ConnectionRegistry
    private let loginGraceTime: TimeAmount
    private let limits: SessionLimits
    private var loginDeadline: Scheduled<Void>?
    private var idleCheck: RepeatedTask?
    private var idleClosing = false

    init(connection: ConnectionContext, registry: ConnectionRegistry, loginGraceTime: TimeAmount, limits: SessionLimits) {
        self.connection = connection
        self.registry = registry
        self.loginGraceTime = loginGraceTime
        self.limits = limits
    }

    func channelActive(context: ChannelHandlerContext) {
        connection.logger.info("connection opened")
        let channel = context.channel
        loginDeadline = context.eventLoop.scheduleTask(in: loginGraceTime) { [connection] in
            guard connection.identity == nil else { return }
            connection.logger.notice("closing: not authenticated within the login grace time")
            channel.close(promise: nil)
        }
        // Checked a few times per timeout, so a connection closes at most a
        // tenth of it late (and at most a second).
        let shortest = TimeAmount(seconds: min(limits.idleTimeout, limits.inputGracePeriod))
        let interval = max(min(shortest.nanoseconds / 10, TimeAmount.seconds(1).nanoseconds), 10_000_000)
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        idleCheck = context.eventLoop.scheduleRepeatedTask(initialDelay: .nanoseconds(interval),
                                                           delay: .nanoseconds(interval)) { _ in
            loopBound.value.closeIfIdle(channel)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        loginDeadline?.cancel()
        idleCheck?.cancel()
        registry.closeConnection(from: connection.peer, authenticated: connection.identity != nil)
        connection.logger.info("connection closed")
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        connection.socketWritabilityChanged(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    /// Idle means no input from the user: keystrokes, pastes, window
    /// changes (a session must also type within the grace period). SSH
    /// keepalives (`ServerAliveInterval`) keep the connection alive through
    /// firewalls but are not someone at the keyboard.
    private func closeIfIdle(_ channel: any Channel) {
        guard !idleClosing, connection.identity != nil, let expiry = connection.clock.expiry(under: limits) else {
            return
        }
        idleClosing = true
        switch expiry {
        case .idle: connection.logger.notice("closing: idle timeout", metadata: ["reason": "\(expiry)"])
        case .noKeys: connection.logger.notice("closing: no key within the input grace period", metadata: ["reason": "\(expiry)"])
        }
        // Apps first, so each restores the client's terminal and reports its status;
        // the connection closes when the client leaves, or in a few seconds regardless.
        if connection.hangUpSessions(reason: "\(expiry); disconnected") == 0 {
            channel.close(promise: nil)
        } else {
            channel.eventLoop.scheduleTask(in: .seconds(3)) { channel.close(promise: nil) }
        }
    }
}

/// The last handler on a connection: any error (a malformed packet, a failed
/// key exchange, a reset) ends this connection only, with a log line.
final class ConnectionErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Any

    private let connection: ConnectionContext

    init(connection: ConnectionContext) {
        self.connection = connection
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // swift-nio-ssh's errors can quote what the client sent.
        connection.logger.notice("closing on error", metadata: ["error": "\(ControlCharacters.logged("\(error)"))"])
        context.close(promise: nil)
    }
}
