/// Who a session runs as: decided by the server from what authenticated (a
/// key, a password, or nothing in public mode), fixed for the connection,
/// and handed to the app in its environment (see `SSHSessionEnvironment`),
/// which the client cannot set.
public struct SSHIdentity: Sendable, Equatable, CustomStringConvertible {
    /// The account, or nil for a guest session.
    public var account: String?
    /// The public key that authenticated, in OpenSSH form (`ssh-ed25519
    /// AAAA...`), or nil (a password, or no key in public mode). An app can
    /// offer to link it to the signed-in account.
    public var publicKey: String?

    public init(account: String?, publicKey: String? = nil) {
        self.account = account
        self.publicKey = publicKey
    }

    public static func guest(publicKey: String? = nil) -> SSHIdentity { SSHIdentity(account: nil, publicKey: publicKey) }

    public var isGuest: Bool { account == nil }

    public var description: String { account ?? "guest" }
}

/// The environment variables through which a served app learns its session.
/// The server sets them for the app it starts; a client's `env` requests are
/// refused, so nothing a client sends can set or change them. ShojiAppKit's
/// `ServedSession.current` reads them.
public enum SSHSessionEnvironment {
    /// `account` or `guest`; present only in a served app.
    public static let session = "SHOJI_SSH_SESSION"
    /// The account's name, for an account session.
    public static let account = "SHOJI_SSH_ACCOUNT"
    /// The OpenSSH public key that authenticated, when one did.
    public static let publicKey = "SHOJI_SSH_PUBLIC_KEY"
    /// The client's address (the balancer's, behind one).
    public static let client = "SHOJI_SSH_CLIENT"

    /// The variables for `identity` connected from `client`.
    public static func variables(for identity: SSHIdentity, client: String) -> [String: String] {
        var variables = [session: identity.isGuest ? "guest" : "account", self.client: client]
        if let account = identity.account { variables[self.account] = account }
        if let key = identity.publicKey { variables[publicKey] = key }
        return variables
    }
}
