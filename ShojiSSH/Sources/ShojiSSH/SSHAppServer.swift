import Crypto
import Dispatch
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import ShojiCore
import ShojiSessions

/// Serves any terminal app over SSH, as Charm's Wish does for Bubble Tea
/// programs: each session runs the app's executable as its own process on
/// its own pseudo-terminal (ncurses is process-wide, and a crash must stay
/// in its session), with the client's terminal type and window size.
///
/// ```swift
/// var configuration = SSHAppServer.Configuration(appName: "notes", appExecutable: notesPath,
///                                            hostKeyPath: folder + "/ssh_host_ed25519_key")
/// configuration.access = .everyone
/// try SSHAppServer.serve(configuration)   // until SIGINT or SIGTERM
/// ```
///
/// What it does for every app: host key (made once, OpenSSH format),
/// `authorized_keys` as OpenSSH writes it, keys linked to accounts, optional
/// passwords and public mode; limits per address and in total, login grace
/// and idle timeouts; one log line per connection, authentication and
/// session; on shutdown a grace period, then every client told why, its
/// terminal restored and its app reaped.
public final class SSHAppServer: Sendable {
    private let configuration: SSHAppServer.Configuration
    private let hostKey: NIOSSHPrivateKey
    private let accounts: (any SSHAccounts)?
    private let authorizedKeys: AuthorizedKeysFile?
    private let registry: ConnectionRegistry
    private let passwordChecks = PasswordCheckPool(checkers: Configuration.defaultPasswordCheckers,
                                                   maximumWaiting: Configuration.maximumWaitingPasswordChecks)
    private let logger: Logger
    private let group: MultiThreadedEventLoopGroup
    /// The process sessions are forked from (`Configuration.sessionTemplate`).
    let sessionTemplate: SessionTemplateProcess?
    private let openConnections = NIOLockedValueBox<[ObjectIdentifier: OpenConnection]>([:])

    private struct OpenConnection: Sendable {
        let channel: any Channel
        let context: ConnectionContext
    }

    /// The host key's fingerprint, as clients show it on first connection.
    public let hostKeyFingerprint: String

    /// Loads (or makes) the host key and reads the authorized keys file,
    /// logging every line it skips with its number.
    public init(configuration: SSHAppServer.Configuration, accounts: (any SSHAccounts)? = nil, logger: Logger)
        throws(SSHServerError)
    {
        self.configuration = configuration
        self.accounts = accounts
        self.logger = logger
        authorizedKeys = configuration.authorizedKeysPath.map { AuthorizedKeysFile(path: $0, logger: logger) }
        do {
            let key = try HostKeyFile(path: configuration.hostKeyPath).loadOrCreate()
            hostKey = NIOSSHPrivateKey(ed25519Key: key)
            hostKeyFingerprint = hostKey.publicKey.fingerprint
            // Read now, so a file that cannot be read stops the start with
            // its reason and every skipped line is logged before anyone connects.
            _ = try authorizedKeys?.current()
        } catch let error as any Error & CustomStringConvertible {
            throw SSHServerError(description: error.description)
        } catch {
            throw SSHServerError(description: "\(error)")
        }
        ResourceLimits.raiseDescriptorLimit(for: configuration.maximumSessions,
                                            pending: configuration.limits.maximumPendingConnections, logger: logger)
        registry = ConnectionRegistry(limits: configuration.limits,
                                      earlyDrop: (configuration.unauthenticatedEarlyDropStart,
                                                  configuration.unauthenticatedEarlyDropRate))
        if configuration.sessionTemplate {
            do {
                sessionTemplate = try SessionTemplateProcess.start(executable: configuration.appExecutable,
                                                                   environment: ProcessInfo.processInfo.environment
                                                                       .merging(configuration.appEnvironment) { _, app in app },
                                                                   logger: logger)
            } catch {
                throw SSHServerError(description: "\(error)")
            }
        } else {
            sessionTemplate = nil
        }
        group = MultiThreadedEventLoopGroup(numberOfThreads: min(System.coreCount, 4))
    }

    /// Listens, and returns the bound address once ready.
    public func start() throws(SSHServerError) -> ListeningAddress {
        let channel: any Channel
        do {
            channel = try makeBootstrap().bind(host: configuration.host, port: configuration.port).wait()
        } catch {
            throw SSHServerError(description: "cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
        listener.withLockedValue { $0 = channel }
        let port = channel.localAddress?.port ?? configuration.port
        logger.info("listening", metadata: [
            "host": "\(configuration.host)", "port": "\(port)", "hostKey": "\(hostKeyFingerprint)",
        ])
        return ListeningAddress(host: configuration.host, port: port)
    }

    private let listener = NIOLockedValueBox<(any Channel)?>(nil)

    /// Connections that have not authenticated yet: for tests.
    var unauthenticatedConnections: Int { registry.unauthenticatedCount }

    /// What the server has waiting to be sent on all its connections' sockets
    /// (what a client that stops reading makes it keep): for tests.
    func bufferedOutboundBytes() throws -> Int {
        try openConnections.withLockedValue { Array($0.values) }.reduce(0) { total, connection in
            total + (try connection.channel.getOption(ChannelOptions.bufferedWritableBytes).wait())
        }
    }

    /// Stops accepting, lets running sessions go on for the grace period (or
    /// until `hurry` is signalled), hangs up the rest, and waits until every
    /// app has been reaped and every connection closed.
    public func shutdown(hurry: DispatchSemaphore? = nil) {
        logger.info("shutting down", metadata: ["sessions": "\(registry.sessionCount)"])
        registry.stopAccepting()
        try? listener.withLockedValue { $0 }?.close().wait()
        let graceEnds = DispatchTime.now() + configuration.shutdownGracePeriod
        while registry.sessionCount > 0, DispatchTime.now() < graceEnds {
            if hurry?.wait(timeout: .now() + 0.1) == .success { break }
        }
        // First through each connection, so its clients are told why; then by
        // signal to whatever is left.
        let connections = openConnections.withLockedValue { Array($0.values) }
        for connection in connections {
            connection.channel.eventLoop.execute {
                connection.context.hangUpSessions(reason: "the server is shutting down")
            }
        }
        let politeDeadline = DispatchTime.now() + 3
        while !registry.runningApps.isEmpty, DispatchTime.now() < politeDeadline { usleep(20_000) }
        for (signal, patience) in [(SIGHUP, 1.0), (SIGKILL, 2.0)] {
            let running = registry.runningApps
            guard !running.isEmpty else { break }
            logger.info("ending sessions", metadata: ["signal": "\(signal)", "apps": "\(running.count)"])
            for pid in running { kill(-pid, signal) }
            let deadline = DispatchTime.now() + patience
            while !registry.runningApps.isEmpty, DispatchTime.now() < deadline { usleep(20_000) }
        }
        // Give the channels a moment to send each app's exit status.
        let flushDeadline = DispatchTime.now() + 1
        while registry.sessionCount > 0, DispatchTime.now() < flushDeadline { usleep(20_000) }
        for connection in openConnections.withLockedValue({ Array($0.values) }) {
            try? connection.channel.close().wait()
        }
        try? group.syncShutdownGracefully()
        sessionTemplate?.stop()
        logger.info("stopped")
    }

    private func makeBootstrap() -> ServerBootstrap {
        ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in initialize(connection: channel) }
    }

    private func initialize(connection channel: any Channel) -> EventLoopFuture<Void> {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        return channel.eventLoop.makeCompletedFuture { [self] in
            guard configuration.proxyProtocol else { return try attach(channel, peer: address) }
            // Behind a balancer: the client's address comes in the PROXY
            // header. Until it does, the connection counts by the socket's
            // address, and has a short deadline of its own.
            if let refusal = registry.openAwaitingHeader(from: address) {
                logRefusal(peer: address, reason: "\(refusal)")
                throw ChannelError.inputClosed
            }
            let awaiting = NIOLoopBoundBox(true, eventLoop: channel.eventLoop)
            let headerDone: @Sendable () -> Void = { [registry] in
                guard awaiting.value else { return }
                awaiting.value = false
                registry.closeAwaitingHeader(from: address)
            }
            channel.closeFuture.whenComplete { _ in headerDone() }
            let header = ProxyProtocolHandler(balancer: address, deadline: TimeAmount(seconds: configuration.proxyHeaderTimeout),
                                              logger: logger) { [self] peer in
                headerDone()
                try attach(channel, peer: peer, admitted: true)
            }
            try channel.pipeline.syncOperations.addHandler(header)
        }
    }

    /// One line per refused connection, at most `SessionLimits.refusalLogLinesPerSecond` a second.
    private func logRefusal(peer: String, reason: String) {
        guard let unlogged = registry.refusalToLog() else { return }
        var metadata: Logger.Metadata = ["peer": "\(peer)", "reason": "\(reason)"]
        if unlogged > 0 { metadata["unlogged"] = "\(unlogged) more refusals" }
        logger.notice("refused connection", metadata: metadata)
    }

    /// Counts the connection against the limits for `peer` (refusing it
    /// when one is reached) and adds the SSH handlers. On the channel's loop.
    private func attach(_ channel: any Channel, peer: String, admitted: Bool = false) throws {
        if let refusal = registry.openConnection(from: peer, admitted: admitted) {
            logRefusal(peer: peer, reason: "\(refusal)")
            throw ChannelError.inputClosed
        }
        let connection = ConnectionContext(peer: peer, logger: logger, registry: registry,
                                           maximumSessions: configuration.maximumSessionsPerConnection)
        let id = ObjectIdentifier(channel)
        openConnections.withLockedValue { $0[id] = OpenConnection(channel: channel, context: connection) }
        channel.closeFuture.whenComplete { [openConnections, passwordChecks] _ in
            openConnections.withLockedValue { $0[id] = nil }
            passwordChecks.cancel(for: ObjectIdentifier(connection))
        }
        var launcher = SessionLauncher(configuration: configuration, registry: registry)
        launcher.template = sessionTemplate
        let authenticator = Authenticator(configuration: configuration, accounts: accounts,
                                          authorizedKeys: authorizedKeys, connection: connection,
                                          passwordChecks: passwordChecks)
        var server = NIOSSH.SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: authenticator)
        server.maxAuthAttempts = 6
        server.transportProtectionSchemes = AdaptingTransportProtection.schemes
        let ssh = NIOSSHHandler(role: .server(server), allocator: channel.allocator) { child, type in
            guard case .session = type else {
                connection.logger.notice("refused channel", metadata: ["type": "\(Self.describe(type))"])
                return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
            }
            guard connection.openSessionChannel() else {
                let maximum = self.configuration.maximumSessionsPerConnection
                connection.logger.notice("refused channel", metadata: [
                    "type": "session", "reason": "this connection has its \(maximum) session\(maximum == 1 ? "" : "s")",
                ])
                return child.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
            }
            child.closeFuture.whenComplete { _ in connection.sessionChannelClosed() }
            return child.eventLoop.makeCompletedFuture {
                try child.pipeline.syncOperations.addHandler(SessionHandler(launcher: launcher, connection: connection))
            }
        }
        try channel.pipeline.syncOperations.addHandlers([
            ConnectionGuard(connection: connection, registry: registry,
                            loginGraceTime: TimeAmount(seconds: configuration.loginGraceTime),
                            limits: configuration.limits),
            ssh,
            ConnectionErrorHandler(connection: connection),
        ])
    }
}

extension SSHAppServer {
    fileprivate static func describe(_ type: SSHChannelType) -> String {
        switch type {
        case .session: "session"
        case .directTCPIP(let target):
            // A type the library cannot parse, reshaped by SSHMessageAdapter.
            SSHMessageAdapter.unknownChannelType(host: target.targetHost).map { ControlCharacters.logged($0) }
                ?? "port forwarding (direct-tcpip)"
        case .forwardedTCPIP: "port forwarding (forwarded-tcpip)"
        }
    }
}

/// Where the server listens (the port chosen when the configuration said 0).
public struct ListeningAddress: Sendable {
    /// The address listened on.
    public let host: String
    /// The port listened on.
    public let port: Int
}

/// Why the server could not start: one line for the operator.
public struct SSHServerError: Error, CustomStringConvertible, Sendable {
    /// The line, e.g. the port is taken or the host key cannot be read.
    public let description: String
}
