import NIOCore

/// Sits in front of the SSH handler on each TCP connection (which does not
/// pass `channelInactive` on): closes the connection when the client sends
/// nothing for the idle timeout or has not authenticated within the login
/// grace time, and logs and uncounts it when it closes.
final class ConnectionGuard: ChannelInboundHandler {
    typealias InboundIn = Any

    private let connection: ConnectionContext
    private let registry: ConnectionRegistry
    private let loginGraceTime: TimeAmount
    private let idleTimeoutDescription: String
    private var loginDeadline: Scheduled<Void>?

    init(connection: ConnectionContext, registry: ConnectionRegistry, loginGraceTime: TimeAmount,
         idleTimeoutDescription: String) {
        self.connection = connection
        self.registry = registry
        self.loginGraceTime = loginGraceTime
        self.idleTimeoutDescription = idleTimeoutDescription
    }

    func channelActive(context: ChannelHandlerContext) {
        connection.logger.info("connection opened")
        let channel = context.channel
        loginDeadline = context.eventLoop.scheduleTask(in: loginGraceTime) { [connection] in
            guard connection.identity == nil else { return }
            connection.logger.notice("closing: not authenticated within the login grace time")
            channel.close(promise: nil)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        loginDeadline?.cancel()
        registry.closeConnection(from: connection.peer)
        connection.logger.info("connection closed")
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            connection.logger.notice("closing: idle timeout")
            // Apps first, so each restores the client's terminal and reports its status;
            // the connection closes when the client leaves, or in a few seconds regardless.
            if connection.hangUpSessions(reason: "no input for \(idleTimeoutDescription); disconnected") == 0 {
                context.close(promise: nil)
            } else {
                let channel = context.channel
                context.eventLoop.scheduleTask(in: .seconds(3)) { channel.close(promise: nil) }
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
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
        connection.logger.notice("closing on error", metadata: ["error": "\(error)"])
        context.close(promise: nil)
    }
}
