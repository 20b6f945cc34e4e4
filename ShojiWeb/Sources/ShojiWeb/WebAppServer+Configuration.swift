import ShojiSSH
import ShojiSessions

extension WebAppServer {
    /// Everything the browser server needs: where to listen, who may come
    /// in, what each session runs, and its limits. Only `appName` and
    /// `appExecutable` have no default.
    public struct Configuration: Sendable {
        /// Who gets in.
        public enum Access: Sendable, Equatable {
            /// A public demo: every visitor is a guest with a throwaway state.
            case everyone
            /// Only a client that shows this secret, in the page's URL
            /// (`?token=`) or an `Authorization: Bearer` header; compared in
            /// constant time. Sessions are still guests.
            case token(String)
        }

        /// The app's name, in the page's title and in what clients are told.
        public var appName: String
        /// The program each session runs, on its own pseudo-terminal.
        public var appExecutable: String
        /// The arguments of a session's app, asked once per session (each
        /// visitor is a guest: a throwaway folder per session, say).
        public var appArguments: @Sendable () -> [String] = { [] }
        /// More environment for every session's app (the server chooses it all).
        public var appEnvironment: [String: String] = [:]
        /// The address to listen on: `127.0.0.1` unless changed.
        public var host = "127.0.0.1"
        /// 0 picks a free port (`start()` returns the chosen one).
        public var port = 8080
        /// Who may open a session.
        public var access: Access = .everyone
        /// Origins (`https://demo.example.com`) whose pages may open a
        /// session besides the page's own; every other `Origin` is refused.
        public var allowedOrigins: [String] = []
        /// Names (`demo.example`) the server answers to besides the address
        /// it listens on and `localhost`: a request whose `Host` header names
        /// anything else is refused (421), which stops a page on a foreign
        /// name that resolves to this server (DNS rebinding). Listening on
        /// every interface (`0.0.0.0`, `::`) also answers to any IP address.
        public var allowedHosts: [String] = []
        /// The reverse proxy's address: only a connection from it may name
        /// the client in `X-Forwarded-For` (its last entry counts).
        public var trustedProxy: String?
        /// The limits every transport shares (sessions in total and per
        /// address, connections per address, pending connections in total
        /// and per address, the idle timeout, the input grace period, the
        /// largest terminal). A pending connection is one not upgraded to a
        /// session: a page load, an idle socket, a request head on its way.
        /// The fields below that name one of them read and write it here.
        public var limits = WebAppServer.Configuration.defaultLimits
        /// Sessions (apps) running at once (`limits.maximumSessions`).
        public var maximumSessions: Int {
            get { limits.maximumSessions }
            set { limits.maximumSessions = newValue }
        }
        /// Sessions at once from one address, an IPv6 client's /64
        /// (`limits.maximumSessionsPerAddress`).
        public var maximumSessionsPerAddress: Int {
            get { limits.maximumSessionsPerAddress }
            set { limits.maximumSessionsPerAddress = newValue }
        }
        /// Open connections at once from one address, page loads and idle
        /// sockets included (`limits.maximumConnectionsPerAddress`; those
        /// not sessions yet, `limits.maximumPendingPerAddress`).
        public var maximumConnectionsPerAddress: Int {
            get { limits.maximumConnectionsPerAddress }
            set { limits.maximumConnectionsPerAddress = newValue }
        }
        /// Connections at once that are not sessions yet, over all
        /// addresses (`limits.maximumPendingConnections`).
        public var maximumConnections: Int {
            get { limits.maximumPendingConnections }
            set { limits.maximumPendingConnections = newValue }
        }
        /// The largest WebSocket message (frame) a client may send, in bytes;
        /// a larger one closes its session.
        public var maximumMessageSize = 64 * 1024
        /// Bytes the server may hold unsent for one connection (its high
        /// water mark; it reads again below half): above it, nothing more is
        /// read from the client, nor from its app's terminal.
        public var maximumUnsentOutput = 64 * 1024
        /// A connection whose unsent output stays above `maximumUnsentOutput`
        /// for this long (the client stopped reading) is closed (seconds).
        public var writeTimeout: Double = 30
        /// The largest terminal; a larger resize is clamped to it (`limits.maximumTerminalSize`).
        public var maximumTerminalSize: TerminalSize {
            get { limits.maximumTerminalSize }
            set { limits.maximumTerminalSize = newValue }
        }
        /// A session with no input (keys, pastes, resizes) for this long is
        /// hung up, seconds (`limits.idleTimeout`; one without a key within
        /// `limits.inputGracePeriod` of its start sooner).
        public var idleTimeout: Double {
            get { limits.idleTimeout }
            set { limits.idleTimeout = newValue }
        }
        /// A connection must send each request head whole within this
        /// time (seconds), counted from when it opened or its last answer
        /// was sent: the bytes of a head arriving one by one do not extend it.
        public var requestTimeout: Double = 10

        /// `SessionLimits`' defaults, with 512 pending connections (page
        /// loads are cheap, a browser opens several per page).
        public static var defaultLimits: SessionLimits {
            var limits = SessionLimits()
            limits.maximumPendingConnections = 512
            return limits
        }
        /// Debian's `node-xterm`: xterm.js as CommonJS modules, bundled at start.
        public var xtermModules = "/usr/share/nodejs/xterm/lib"
        /// Debian's `libjs-xterm` style sheet.
        public var xtermStyleSheet = "/usr/share/javascript/xterm/xterm.css"

        /// Serves `appExecutable` (named `appName` in messages); every other
        /// field has its default.
        public init(appName: String, appExecutable: String) {
            self.appName = appName
            self.appExecutable = appExecutable
        }

        /// The session settings ShojiSSH's launcher takes: the same app,
        /// environment, limits and identity rules as a served SSH session.
        func sessionConfiguration() -> SSHAppServer.Configuration {
            var session = SSHAppServer.Configuration(appName: appName, appExecutable: appExecutable, hostKeyPath: "")
            let arguments = appArguments
            session.appArguments = { _ in arguments() }
            session.appEnvironment = appEnvironment
            session.access = access == .everyone ? .everyone : .listedKeys
            session.limits = limits
            return session
        }
    }
}
