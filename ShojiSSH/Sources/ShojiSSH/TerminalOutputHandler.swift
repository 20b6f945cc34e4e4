import NIOCore
import NIOSSH

/// The pty master's side of a session: what the app draws goes to the SSH
/// channel as it arrives. The session pauses this channel's reading while
/// the client cannot keep up, so a slow or stalled client never makes the
/// server buffer without bound; this handler tells the session when the
/// pty stops (and starts) taking the client's input.
///
/// Everything one read burst brings (the event loop reads the master until
/// it would block, or for a few reads) leaves as one channel data message,
/// so a frame the app wrote at once is one SSH packet, not one per read.
final class TerminalOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// Above this a burst is sent before it ends: an SSH packet's usual
    /// payload limit, so a large repaint still streams.
    static let largestMessage = 32 * 1024

    private let sessionChannel: any Channel
    private let onWritabilityChanged: (Bool) -> Void
    private let onClosed: () -> Void
    private var pending: ByteBuffer?

    init(sessionChannel: any Channel, onWritabilityChanged: @escaping (Bool) -> Void = { _ in },
         onClosed: @escaping () -> Void) {
        self.sessionChannel = sessionChannel
        self.onWritabilityChanged = onWritabilityChanged
        self.onClosed = onClosed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var bytes = unwrapInboundIn(data)
        if pending == nil {
            pending = bytes
        } else {
            pending!.writeBuffer(&bytes)
        }
        if let pending, pending.readableBytes >= Self.largestMessage {
            send()
            sessionChannel.flush()
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        send()
        sessionChannel.flush()
    }

    private func send() {
        guard let bytes = pending else { return }
        pending = nil
        sessionChannel.write(SSHChannelData(type: .channel, data: .byteBuffer(bytes)), promise: nil)
    }

    /// The client typing faster than the app reads: the session stops
    /// taking the client's input until the pty drains (the SSH window then
    /// holds the client back).
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        onWritabilityChanged(context.channel.isWritable)
    }

    func channelInactive(context: ChannelHandlerContext) {
        send()
        sessionChannel.flush()
        onClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // When the app exits the master reads EIO, not EOF: that is the end of its output.
        context.close(promise: nil)
    }
}
