import NIOCore

/// Closes a connection that has sent nothing for `seconds` before its
/// session starts (a page load, or a socket opened and left idle): idle
/// sockets cost a timer each, and not for long. Removed on upgrade; the
/// session's own idle timeout counts input, not bytes.
final class RequestTimeoutHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private var timer: Scheduled<Void>?

    init(seconds: Double) {
        timeout = .milliseconds(Int64(seconds * 1000))
    }

    func handlerAdded(context: ChannelHandlerContext) {
        arm(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        arm(context)
        context.fireChannelRead(data)
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
}
