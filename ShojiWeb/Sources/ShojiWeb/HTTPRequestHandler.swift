import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
import ShojiCore

/// What a connection gets before (or instead of) a WebSocket: the page, its
/// two scripts and its style sheet, and a refusal with its reason for a
/// session request the upgrader turned down. Anything else is 404; a
/// method other than GET or HEAD is 405. One request per connection state;
/// bodies are not read.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let assets: WebAssets
    private let configuration: WebAppServer.Configuration
    private let logger: Logger
    private let peer: String

    init(assets: WebAssets, configuration: WebAppServer.Configuration, logger: Logger, peer: String) {
        self.assets = assets
        self.configuration = configuration
        self.logger = logger
        self.peer = peer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        let path = WebAccess.path(of: head.uri)
        guard head.method == .GET || head.method == .HEAD else {
            return respond(context, head, status: .methodNotAllowed, type: "text/plain", body: "GET only\n")
        }
        switch path {
        case "/":
            respond(context, head, status: .ok, type: "text/html; charset=utf-8", body: assets.page)
        case "/xterm.js":
            respond(context, head, status: .ok, type: "text/javascript; charset=utf-8", body: assets.xterm)
        case "/xterm.css":
            respond(context, head, status: .ok, type: "text/css; charset=utf-8", body: assets.styleSheet)
        case "/shoji-web.js":
            respond(context, head, status: .ok, type: "text/javascript; charset=utf-8", body: WebPage.script)
        case "/favicon.ico":
            respond(context, head, status: .noContent, type: "text/plain", body: "")
        case "/session":
            // The upgrader passed it on: refused, or not a WebSocket request.
            let refusal = WebAccess.check(head, configuration: configuration)
            let reason = refusal?.description ?? "not a WebSocket request"
            logger.notice("refused session", metadata: ["from": "\(peer)", "reason": "\(reason)"])
            respond(context, head, status: refusal?.status ?? .badRequest, type: "text/plain", body: reason + "\n")
        default:
            logger.debug("not found", metadata: ["from": "\(peer)", "path": "\(ControlCharacters.logged(String(path)))"])
            respond(context, head, status: .notFound, type: "text/plain", body: "not found\n")
        }
    }

    /// A refused upgrade arrives here as an error, then the request itself
    /// (answered above with its reason); anything else ends the connection.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        if error is NIOWebSocketUpgradeError { return }
        context.close(promise: nil)
    }

    private func respond(_ context: ChannelHandlerContext, _ request: HTTPRequestHead, status: HTTPResponseStatus,
                         type: String, body: String) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: "\(body.utf8.count)")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Content-Security-Policy",
                    value: "default-src 'self'; connect-src 'self' ws: wss:; style-src 'self' 'unsafe-inline'")
        let keepAlive = request.isKeepAlive && status.code < 400
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))),
                      promise: nil)
        if request.method != .HEAD {
            var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
            buffer.writeString(body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        }
        let sent = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { sent.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) } }
    }
}
