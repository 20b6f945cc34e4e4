import NIOCore
import NIOHTTP1

/// The deadline of a connection before its session starts (a page load, or
/// a socket opened and left idle): each request head must arrive whole
/// within `seconds` of the connection opening, or of the answer to its
/// previous request going out. Bytes arriving do not move the deadline, so
/// a head sent a byte at a time is closed on time like a silent socket (a
/// timer reset on every byte let 17 addresses hold all 512 places). Sits
/// after the HTTP decoder, where a head is whole; removed on upgrade, when
/// the session's own clock (`SessionClock`) takes over.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

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
        timer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // A whole head: the request is in; the answer is what comes next.
        if case .head = unwrapInboundIn(data) {
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // The answer is out: the next head has the whole timeout again.
        if case .end = unwrapOutboundIn(data) { arm(context) }
        context.write(data, promise: promise)
    }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        let channel = context.channel
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { channel.close(promise: nil) }
    }
}
