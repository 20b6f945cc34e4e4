import NIOCore

/// Backpressure for a whole connection, page loads and sessions alike: the
/// client chooses how much it asks for (pipelined requests, pings, keys
/// that repaint), so what the server owes it must not pile up. While the
/// channel's unsent output is above its high water mark (it is not
/// writable) nothing more is read from the client; once it drains below the
/// low mark, reading resumes. A connection that stays above the mark for
/// `timeout` (the client stopped reading) is closed, which frees what it
/// holds.
///
/// The first handler of the pipeline, so it outlives the upgrade to a
/// WebSocket and sees every `read` the handlers above ask for.
final class StalledOutputHandler: ChannelDuplexHandler {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private let timeout: TimeAmount
    private var readHeld = false
    private var deadline: Scheduled<Void>?

    init(seconds: Double) {
        timeout = .milliseconds(Int64(seconds * 1000))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func read(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            context.read()
        } else {
            readHeld = true
            armDeadline(context)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            deadline?.cancel()
            deadline = nil
            if readHeld {
                readHeld = false
                context.read()
            }
        } else {
            armDeadline(context)
        }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
        context.fireChannelInactive()
    }

    private func armDeadline(_ context: ChannelHandlerContext) {
        guard deadline == nil else { return }
        let channel = context.channel
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            deadline = nil
            if !channel.isWritable { channel.close(promise: nil) }
        }
    }
}
