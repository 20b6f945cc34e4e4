import Logging
import NIOCore

/// First on each connection when the server sits behind a balancer that
/// sends the PROXY protocol (`Configuration.proxyProtocol`): reads the
/// header, hands the client's address to `accept` (which counts it against
/// the per-address limit and adds the SSH handlers after this one), then
/// passes `channelActive` and the client's own bytes on and leaves.
final class ProxyProtocolHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// The balancer's address: what a header without a client address (a
    /// health check) counts as.
    private let balancer: String
    private let deadline: TimeAmount
    private let logger: Logger
    private let accept: (String) throws -> Void
    private var received: ByteBuffer?
    private var timeout: Scheduled<Void>?

    init(balancer: String, deadline: TimeAmount, logger: Logger, accept: @escaping (String) throws -> Void) {
        self.balancer = balancer
        self.deadline = deadline
        self.logger = logger
        self.accept = accept
    }

    func channelActive(context: ChannelHandlerContext) {
        // Held back until the header names the client: the handlers that
        // want it are not there yet.
        let channel = context.channel
        timeout = context.eventLoop.scheduleTask(in: deadline) { [logger, balancer] in
            logger.notice("closing: no PROXY header in time", metadata: ["balancer": "\(balancer)"])
            channel.close(promise: nil)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        received.setOrWriteBuffer(&bytes)
        guard var buffer = received else { return }
        switch ProxyHeader.parse(buffer.readableBytesView) {
        case .incomplete:
            return
        case .invalid(let reason):
            logger.notice("closing: \(reason)", metadata: ["balancer": "\(balancer)"])
            timeout?.cancel()
            context.close(promise: nil)
        case .complete(let source, let length):
            timeout?.cancel()
            received = nil
            do {
                try accept(source ?? balancer)
            } catch {
                context.close(promise: nil)
                return
            }
            context.fireChannelActive()
            buffer.moveReaderIndex(forwardBy: length)
            if buffer.readableBytes > 0 { context.fireChannelRead(wrapInboundOut(buffer)) }
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        timeout?.cancel()
        context.fireChannelInactive()
    }
}
