import NIOCore
import NIOWebSocket

/// The pty master's side of a browser session: what the app draws leaves as
/// binary WebSocket frames, one per read burst (a frame the app wrote at
/// once is one message, not one per read), cut at `largestFrame`. Tells the
/// session when the pty stops (and starts) taking input, and when it
/// closed (the app's output ends as EIO on the master).
final class TerminalFrameHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    static let largestFrame = 32 * 1024

    private let socket: any Channel
    private let onWritabilityChanged: (Bool) -> Void
    private let onClosed: () -> Void
    private var pending: ByteBuffer?

    init(socket: any Channel, onWritabilityChanged: @escaping (Bool) -> Void, onClosed: @escaping () -> Void) {
        self.socket = socket
        self.onWritabilityChanged = onWritabilityChanged
        self.onClosed = onClosed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if pending == nil { pending = bytes } else { pending!.writeBuffer(&bytes) }
        if let pending, pending.readableBytes >= Self.largestFrame { send() }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        send()
    }

    private func send() {
        guard let bytes = pending else { return }
        pending = nil
        socket.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, data: bytes), promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        onWritabilityChanged(context.channel.isWritable)
    }

    func channelInactive(context: ChannelHandlerContext) {
        send()
        onClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
