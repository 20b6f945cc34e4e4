import Logging
import NIOCore
import NIOHTTP1
import NIOWebSocket
import ShojiCore

/// What a connection gets before (or instead of) a WebSocket: the page, its
/// two scripts and its style sheet, and a refusal with its reason for a
/// session request the upgrader turned down. Anything else is 404; a
/// method other than GET or HEAD is 405; a `Host` the server does not
/// answer to is 421, whatever the path. One request per connection state;
/// bodies are not read.
///
/// Pipelined requests are answered one at a time, and only while the
/// connection's unsent output is below its bound: a request that arrives
/// above it waits (NIO's pipelining handler reads nothing more meanwhile),
/// so a client that asks for xterm.js two thousand times and reads nothing
/// holds one response, not two thousand. Bodies are the assets' shared
/// buffers, never copies.
final class HTTPRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Headers on every response: nothing cached, sniffed, framed, or
    /// leaked in a `Referer` (the page's address may carry the token).
    static let securityHeaders: [(String, String)] = [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy",
         "default-src 'self'; connect-src 'self' ws: wss:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"),
    ]

    private let assets: WebAssets
    private let configuration: WebAppServer.Configuration
    private let logger: Logger
    private let peer: String
    private let throughProxy: Bool
    private var waiting: HTTPRequestHead?

    init(assets: WebAssets, configuration: WebAppServer.Configuration, logger: Logger, peer: String, throughProxy: Bool) {
        self.assets = assets
        self.configuration = configuration
        self.logger = logger
        self.peer = peer
        self.throughProxy = throughProxy
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(let head) = unwrapInboundIn(data) else { return }
        if context.channel.isWritable {
            answer(context, head)
        } else {
            waiting = head
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let head = waiting {
            waiting = nil
            answer(context, head)
        }
        context.fireChannelWritabilityChanged()
    }

    private func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        let path = WebAccess.path(of: head.uri)
        if let refusal = WebAccess.checkHost(head, configuration: configuration) {
            logger.notice("refused request", metadata: ["from": "\(peer)", "reason": "\(refusal)"])
            return respond(context, head, status: refusal.status, type: "text/plain", body: refusal.description + "\n")
        }
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
            respond(context, head, status: .ok, type: "text/javascript; charset=utf-8", body: assets.script)
        case "/favicon.ico":
            respond(context, head, status: .noContent, type: "text/plain", body: "")
        case "/session":
            // The upgrader passed it on: refused, or not a WebSocket request.
            let refusal = WebAccess.check(head, configuration: configuration, throughProxy: throughProxy)
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
        respond(context, request, status: status, type: type, body: ByteBuffer(string: body))
    }

    private func respond(_ context: ChannelHandlerContext, _ request: HTTPRequestHead, status: HTTPResponseStatus,
                         type: String, body: ByteBuffer) {
        var headers = HTTPHeaders(Self.securityHeaders)
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: "\(body.readableBytes)")
        let keepAlive = request.isKeepAlive && status.code < 400
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))),
                      promise: nil)
        if request.method != .HEAD, body.readableBytes > 0 {
            context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        }
        let sent = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive { sent.whenComplete { [channel = context.channel] _ in channel.close(promise: nil) } }
    }
}
