import NIOCore
import NIOSSH

/// The pty master's side of a session: what the app draws goes to the SSH
/// channel as it arrives. Reading pauses while the client cannot keep up,
/// so a slow or stalled client never makes the server buffer without bound.
final class TerminalOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let sessionChannel: any Channel
    private let onClosed: () -> Void

    init(sessionChannel: any Channel, onClosed: @escaping () -> Void) {
        self.sessionChannel = sessionChannel
        self.onClosed = onClosed
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        sessionChannel.write(SSHChannelData(type: .channel, data: .byteBuffer(bytes)), promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        sessionChannel.flush()
    }

    /// The app typing faster than it reads: stop taking the client's input
    /// until the pty drains (the SSH window then holds the client back).
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        sessionChannel.setOption(ChannelOptions.autoRead, value: context.channel.isWritable).whenFailure { _ in }
    }

    func channelInactive(context: ChannelHandlerContext) {
        onClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // When the app exits the master reads EIO, not EOF: that is the end of its output.
        context.close(promise: nil)
    }
}
