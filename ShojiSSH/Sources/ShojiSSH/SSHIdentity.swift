import Foundation
import NIOSSH

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

    /// An account's session (a guest's when `account` is nil), with the key that authenticated if any.
    public init(account: String?, publicKey: String? = nil) {
        self.account = account
        self.publicKey = publicKey
    }

    /// A guest session, with the key that authenticated if any.
    public static func guest(publicKey: String? = nil) -> SSHIdentity { SSHIdentity(account: nil, publicKey: publicKey) }

    /// Whether the session has no account.
    public var isGuest: Bool { account == nil }

    /// The account, or `guest`.
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
    /// The client's address (the client's own behind a PROXY-protocol
    /// balancer), checked to be an IP address.
    public static let client = "SHOJI_SSH_CLIENT"
    /// `public` when the server lets anyone in (`Access.everyone`), else `listed`.
    public static let access = "SHOJI_SSH_ACCESS"
    /// The server's authorized keys file, when it has one: what
    /// `isKeyAdmitted` reads.
    public static let authorizedKeys = "SHOJI_SSH_AUTHORIZED_KEYS"

    /// The variables for `identity` connected from `client`.
    public static func variables(for identity: SSHIdentity, client: String,
                                 configuration: SSHAppServer.Configuration) -> [String: String] {
        var variables = [session: identity.isGuest ? "guest" : "account", self.client: client,
                         access: configuration.access == .everyone ? "public" : "listed"]
        if let account = identity.account { variables[self.account] = account }
        if let key = identity.publicKey { variables[publicKey] = key }
        if let path = configuration.authorizedKeysPath { variables[authorizedKeys] = path }
        return variables
    }

    /// Whether `publicKey` (OpenSSH `type base64`) would still get in on its
    /// own: the server is public, or the authorized keys file lists it now.
    /// An app asks before linking the session's key to an account, so a key
    /// whose line was deleted while its session was open cannot be given a
    /// way back in. Reads the file: call it when the user links, not per frame.
    public static func isKeyAdmitted(_ publicKey: String,
                                     environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        if environment[access] == "public" { return true }
        guard let path = environment[authorizedKeys], let key = try? NIOSSHPublicKey(openSSHPublicKey: publicKey),
              let keys = try? AuthorizedKeys.load(path: path) else { return false }
        return keys.lists(key)
    }
}
