import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import ShojiCore
import ShojiSSH
import ShojiSessions

/// Serves any terminal app to a browser tab: one page with xterm.js (from
/// Debian's packages, so it works offline) and a WebSocket per session to
/// the app on its own pseudo-terminal, as ttyd does, but with the sessions
/// of ShojiSessions and ShojiSSH's launcher: the same process per session,
/// pty, limits (`SessionLimits`) and environment an SSH session gets (each
/// visitor a guest).
///
/// ```swift
/// var configuration = WebAppServer.Configuration(appName: "notes", appExecutable: notesPath)
/// configuration.port = 8080
/// try WebAppServer.serve(configuration)   // until SIGINT or SIGTERM
/// ```
///
/// The protocol on the socket: binary frames carry the terminal's bytes
/// both ways (keys, pastes and mouse reports as terminal bytes); a text
/// frame is a control message, `{"type":"resize","columns":C,"rows":R}`.
/// The session starts at the size the URL gives (`/session?columns=C&rows=R`).
/// TLS is a reverse proxy's job (see the serving article).
public final class WebAppServer: Sendable {
    private let configuration: Configuration
    private let launcher: SessionLauncher
    private let assets: WebAssets
    private let logger: Logger
    private let group: MultiThreadedEventLoopGroup

    /// Reads xterm.js and its style sheet (a missing file stops the start with the fix).
    public init(configuration: Configuration, logger: Logger) throws(WebServerError) {
        self.configuration = configuration
        self.logger = logger
        do {
            let xterm = try XtermBundle.make(modules: configuration.xtermModules)
            let styleSheet = try String(contentsOfFile: configuration.xtermStyleSheet, encoding: .utf8)
            assets = WebAssets(page: WebPage.html(appName: configuration.appName), xterm: xterm, styleSheet: styleSheet,
                               script: WebPage.script)
        } catch let error as XtermBundle.MissingFiles {
            throw WebServerError(description: error.description)
        } catch {
            throw WebServerError(description: "cannot read \(configuration.xtermStyleSheet): install Debian's libjs-xterm (make deps)")
        }
        // One registry, as over SSH: connections per address, pending ones
        // (not sessions yet) in total and per address, sessions in total and per address.
        ResourceLimits.raiseDescriptorLimit(for: configuration.limits.maximumSessions,
                                            pending: configuration.limits.maximumPendingConnections, logger: logger)
        launcher = SessionLauncher(configuration: configuration.sessionConfiguration(),
                                   registry: ConnectionRegistry(limits: configuration.limits))
        group = MultiThreadedEventLoopGroup(numberOfThreads: min(System.coreCount, 4))
    }

    /// Listens, and returns the bound port once ready.
    public func start() throws(WebServerError) -> Int {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.maxMessagesPerRead, value: 4)
            .childChannelOption(ChannelOptions.writeBufferWaterMark,
                                value: .init(low: configuration.maximumUnsentOutput / 2, high: configuration.maximumUnsentOutput))
            .childChannelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture { try initialize(channel) }
            }
        do {
            let channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
            let port = channel.localAddress?.port ?? configuration.port
            logger.info("serving in a browser", metadata: ["app": "\(configuration.appName)", "host": "\(configuration.host)",
                                                           "port": "\(port)"])
            return port
        } catch {
            throw WebServerError(description: "cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
    }

    /// The apps running now (for tests and shutdown).
    public var runningApps: Set<pid_t> { launcher.registry.runningApps }

    /// Stops accepting, hangs up every session's app, and stops the event loops.
    public func shutdown() {
        launcher.registry.stopAccepting()
        for pid in launcher.registry.runningApps { kill(-pid, SIGHUP) }
        try? group.syncShutdownGracefully()
    }

    /// The pipeline of a new connection (internal: the upgrade tests run it on an `EmbeddedChannel`).
    func initialize(_ channel: any Channel) throws {
        let socket = channel.remoteAddress?.ipAddress ?? "unknown"
        let proxied = configuration.trustedProxy.flatMap(ClientAddress.init) == ClientAddress(socket)
        // Connections not yet in a session (page loads, idle sockets, slow
        // request heads) are bounded per address and in total; one that
        // becomes a session leaves that count (sessions have their own
        // limits), so a flood of idle sockets cannot touch the sessions
        // already open, and a few addresses cannot hold every place.
        let connections = launcher.registry
        let inSession = NIOLockedValueBox(false)
        if !proxied {
            if let refusal = connections.openConnection(from: socket) {
                let reason = refusal == .tooManyUnauthenticated ? "too many connections waiting for a session" : "\(refusal)"
                if let unlogged = connections.refusalToLog() {
                    var metadata: Logger.Metadata = ["from": "\(socket)", "reason": "\(reason)"]
                    if unlogged > 0 { metadata["unlogged"] = "\(unlogged) more refusals" }
                    logger.notice("refused connection", metadata: metadata)
                }
                channel.close(promise: nil)
                return
            }
            channel.closeFuture.whenComplete { [connections] _ in
                connections.closeConnection(from: socket, authenticated: inSession.withLockedValue { $0 })
            }
        }
        let configuration = self.configuration
        let launcher = self.launcher
        let logger = self.logger
        // Protocol errors are the session handler's to answer (one close
        // frame, with the code RFC 6455 gives), not NIO's error handler's.
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: configuration.maximumMessageSize, automaticErrorHandling: false,
            shouldUpgrade: { channel, head in
                guard WebAccess.path(of: head.uri) == "/session",
                      WebAccess.check(head, configuration: configuration, throughProxy: proxied) == nil else {
                    return channel.eventLoop.makeSucceededFuture(nil)
                }
                return channel.eventLoop.makeSucceededFuture(HTTPHeaders(HTTPRequestHandler.securityHeaders))
            },
            upgradePipelineHandler: { channel, head in
                let client = WebAccess.clientAddress(socket: socket, headers: head.headers, trustedProxy: configuration.trustedProxy)
                let size = WebControlMessage.initialSize(uri: head.uri, maximum: configuration.maximumTerminalSize)
                if !proxied {
                    inSession.withLockedValue { $0 = true }
                    connections.connectionAuthenticated(from: socket)
                }
                return channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    // The page's handler and the request timeout end with HTTP.
                    if let page = try? sync.handler(type: HTTPRequestHandler.self) { sync.removeHandler(page, promise: nil) }
                    if let idle = try? sync.handler(type: RequestTimeoutHandler.self) { sync.removeHandler(idle, promise: nil) }
                    try sync.addHandler(WebSessionHandler(launcher: launcher, client: client, size: size,
                                                        writeTimeout: configuration.writeTimeout, logger: logger))
                }
            })
        let sync = channel.pipeline.syncOperations
        try sync.addHandler(StalledOutputHandler(seconds: configuration.writeTimeout))
        try sync.configureHTTPServerPipeline(withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }),
                                              withErrorHandling: true)
        // After the decoder: it sees each head whole, so its deadline is the head's, not a byte's.
        try sync.addHandler(RequestTimeoutHandler(seconds: configuration.requestTimeout))
        try sync.addHandler(HTTPRequestHandler(assets: assets, configuration: configuration, logger: logger, peer: socket,
                                               throughProxy: proxied))
    }
}

/// Why the server could not start.
public struct WebServerError: Error, CustomStringConvertible {
    /// What went wrong, and the fix when there is one.
    public let description: String
}
