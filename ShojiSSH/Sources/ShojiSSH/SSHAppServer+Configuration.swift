import Foundation
import NIOCore
import ShojiSessions

extension SSHAppServer {
    /// Everything the server needs: where to listen, who may come in, what to
    /// run for each session, and its limits. Only `appName`, `appExecutable`
    /// and `hostKeyPath` have no default.
    public struct Configuration: Sendable {
        /// Who gets in.
        public enum Access: Sendable, Equatable {
            /// Keys from the authorized keys file and keys linked to accounts
            /// (`SSHAccounts`), and account passwords with `passwordAuthentication`.
            case listedKeys
            /// A public demo: any key, and a client with no key, gets a guest
            /// session. Keys are still asked for first, so a listed or linked
            /// key signs in as its account and a guest's key can be linked;
            /// a client without one gets in through keyboard-interactive,
            /// asked nothing (OpenSSH's `BatchMode` turns that method off: a
            /// script connects with any key). The limits (per address, total,
            /// idle, login grace) protect it.
            case everyone
        }

        /// The app's name, in what clients are told (`notes: the server is full`).
        public var appName: String
        /// The program each session runs, on its own pseudo-terminal.
        public var appExecutable: String
        /// The arguments a session's app gets, from who it runs as.
        public var appArguments: @Sendable (SSHIdentity) -> [String] = { _ in [] }
        /// More environment for every session's app (the server chooses it all;
        /// the client's `env` requests are refused).
        public var appEnvironment: [String: String] = [:]
        /// The address to listen on: `127.0.0.1` (this machine only) unless
        /// changed; `0.0.0.0` for every interface.
        public var host = "127.0.0.1"
        /// 0 picks a free port (`start()` returns the chosen one).
        public var port = 2222
        /// The server's ed25519 host key, made (mode 0600) on first start. Give
        /// every instance of a cluster the same file.
        public var hostKeyPath: String
        /// OpenSSH `authorized_keys` format; nil or missing: no listed keys.
        public var authorizedKeysPath: String?
        /// Who may sign in: listed (and bound) keys only, or anyone in public mode.
        public var access: Access = .listedKeys
        /// Also accept an account's password (needs `SSHAccounts`).
        public var passwordAuthentication = false
        /// The limits every transport shares (sessions in total and per
        /// address, connections per address, pending connections, the idle
        /// timeout, the input grace period, the largest terminal). The
        /// fields below that name one of them read and write it here.
        public var limits = SessionLimits()
        /// Sessions (apps) running at once, over all connections
        /// (`limits.maximumSessions`).
        public var maximumSessions: Int {
            get { limits.maximumSessions }
            set { limits.maximumSessions = newValue }
        }
        /// Sessions one connection may open (OpenSSH's `MaxSessions`): a
        /// client multiplexing shells over one connection cannot take every
        /// place. Further session channels are refused.
        public var maximumSessionsPerConnection = 4
        /// Connections at once from one address; an IPv6 client's whole /64
        /// counts as one address (`limits.maximumConnectionsPerAddress`).
        public var maximumConnectionsPerAddress: Int {
            get { limits.maximumConnectionsPerAddress }
            set { limits.maximumConnectionsPerAddress = newValue }
        }
        /// Sessions (apps) at once from one address, over all its
        /// connections; an IPv6 client's whole /64 counts as one address.
        /// Below `maximumSessions`, so one address cannot take every place
        /// (a few connections with several sessions each used to)
        /// (`limits.maximumSessionsPerAddress`).
        public var maximumSessionsPerAddress: Int {
            get { limits.maximumSessionsPerAddress }
            set { limits.maximumSessionsPerAddress = newValue }
        }
        /// Connections at once that have not authenticated yet, over all
        /// addresses (OpenSSH's `MaxStartups`); more are closed at once, so a
        /// flood from many addresses costs each the login grace time at most
        /// (`limits.maximumPendingConnections`; from one address,
        /// `limits.maximumPendingPerAddress`).
        public var maximumUnauthenticatedConnections: Int {
            get { limits.maximumPendingConnections }
            set { limits.maximumPendingConnections = newValue }
        }
        /// OpenSSH's `MaxStartups` random early drop (`start:rate:full`, with
        /// `maximumUnauthenticatedConnections` as full): from this many
        /// connections still authenticating, a new one is refused with a
        /// chance of `unauthenticatedEarlyDropRate` percent, rising linearly
        /// to 100 at the maximum. A flood then meets refusals before the
        /// hard cutoff, and real clients still get some places while it lasts.
        public var unauthenticatedEarlyDropStart = 10
        /// The chance (percent) of a refusal at `unauthenticatedEarlyDropStart`.
        public var unauthenticatedEarlyDropRate = 30
        /// The largest terminal a session may have. A pty request beyond it
        /// is refused with a message; a window change beyond it is clamped.
        /// ncurses keeps several full-screen buffers of about 28 bytes a cell,
        /// so a client claiming 5000x5000 would cost its app gigabytes
        /// (`limits.maximumTerminalSize`).
        public var maximumTerminalSize: TerminalSize {
            get { limits.maximumTerminalSize }
            set { limits.maximumTerminalSize = newValue }
        }
        /// A connection with no input from the user (keys, pastes, window
        /// changes) for this long is hung up (seconds). SSH keepalives do
        /// not count as input (`limits.idleTimeout`; a connection whose
        /// user types nothing within `limits.inputGracePeriod` of signing
        /// in is hung up sooner).
        public var idleTimeout: Double {
            get { limits.idleTimeout }
            set { limits.idleTimeout = newValue }
        }
        /// A connection must authenticate within this time (seconds).
        public var loginGraceTime: Double = 60
        /// How long a failed authentication waits before it is answered (seconds).
        public var failedAuthenticationDelay: Double = 1
        /// On SIGINT/SIGTERM, how long sessions may go on before they are hung up (seconds).
        public var shutdownGracePeriod: Double = 10
        /// Every connection starts with a PROXY protocol header (v1 or v2,
        /// HAProxy's `send-proxy-v2`) naming the client, so the per-address
        /// limit and the log see the client's address, not the balancer's.
        /// Only behind such a balancer: a connection without the header is
        /// closed, and a client reaching the server directly could claim
        /// any address.
        public var proxyProtocol = false
        /// With `proxyProtocol`, how long a connection may take to send its
        /// header (seconds). A balancer sends it at once; until it comes the
        /// connection counts against the per-address maximum by the socket's
        /// own address, and among those still authenticating.
        public var proxyHeaderTimeout: Double = 5
        /// Fork each session's app from a session template, one process of
        /// the app started with the server and kept single-threaded, instead
        /// of starting it afresh: the pages the runtime and the app filled
        /// before the fork (relocated data, metadata, what the app
        /// preloads) are shared copy-on-write. The app must call
        /// `SessionTemplate.serveIfAsked(preparing:)` first thing in its
        /// `main`. Off by default; if the template dies or refuses, sessions
        /// are spawned as without it.
        public var sessionTemplate = false

        /// Password checks (scrypt: tens of milliseconds and 32 MiB each)
        /// that run at once, over all connections; see `PasswordCheckPool`.
        static let defaultPasswordCheckers = 2
        /// Password checks that may wait for a checker; more are refused.
        static let maximumWaitingPasswordChecks = 32

        /// Serves `appExecutable` (named `appName` in messages), with the
        /// host key kept at `hostKeyPath`; every other field has its default.
        public init(appName: String, appExecutable: String, hostKeyPath: String) {
            self.appName = appName
            self.appExecutable = appExecutable
            self.hostKeyPath = hostKeyPath
        }
    }
}

/// The app's accounts, as far as the server needs them: whether an account
/// exists, which account a linked key belongs to, and passwords. Optional:
/// an app without accounts serves guests only.
///
/// Every method is called off the event loop, on a global dispatch queue,
/// so it may block: a database query, or scrypt on purpose.
public protocol SSHAccounts: Sendable {
    /// Whether `account` exists (a key bound to a deleted account is refused).
    func accountExists(_ account: String) -> Bool
    /// The account `publicKey` (OpenSSH `type base64`) was linked to from
    /// inside the app, if any.
    func account(linkedTo publicKey: String) -> String?
    /// The account `password` signs in as for ssh user name `user`, or nil.
    /// Called off the event loop: it may be slow on purpose (scrypt).
    func account(user: String, password: String) -> String?
    /// The account the operator bound `publicKey` to (the catalog's
    /// `catalog accounts link-key`), if any: such a key is let in by itself,
    /// listed in `authorized_keys` or not, and signs in as that account
    /// whatever the ssh user name.
    func account(boundTo publicKey: String) -> String?
}

extension SSHAccounts {
    /// No key is bound by an operator: keys get in through `authorized_keys`
    /// (or public mode), as a guest or as the account they were linked to.
    public func account(boundTo publicKey: String) -> String? { nil }
}
