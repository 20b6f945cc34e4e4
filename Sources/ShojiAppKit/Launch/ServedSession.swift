#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Who a served app runs as, when an SSH server started it (ShojiSSH's
/// `SSHAppServer`): the server authenticated the client and says so in the
/// app's environment, which the client cannot set (`env` requests are
/// refused). Nil when the app was not started by such a server.
///
/// The variables: `SHOJI_SSH_SESSION` (`account` or `guest`),
/// `SHOJI_SSH_ACCOUNT`, `SHOJI_SSH_PUBLIC_KEY` (the OpenSSH public key that
/// authenticated, if one did) and `SHOJI_SSH_CLIENT` (the client's address).
public struct ServedSession: Sendable, Equatable {
    /// The account, or nil for a guest session.
    public var account: String?
    /// The key the client authenticated with (`ssh-ed25519 AAAA...`), if any:
    /// an app can offer to link it to the signed-in account.
    public var publicKey: String?
    /// The client's address, as the server saw it.
    public var client: String?

    /// A session of `account` (nil: a guest), with the key it came with and the client's address.
    public init(account: String?, publicKey: String? = nil, client: String? = nil) {
        self.account = account
        self.publicKey = publicKey
        self.client = client
    }

    /// The session the environment describes, or nil when there is none or
    /// it is malformed (an account session without an account).
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> ServedSession? {
        let key = environment["SHOJI_SSH_PUBLIC_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let client = environment["SHOJI_SSH_CLIENT"]
        switch environment["SHOJI_SSH_SESSION"] {
        case "guest":
            return ServedSession(account: nil, publicKey: key, client: client)
        case "account":
            guard let account = environment["SHOJI_SSH_ACCOUNT"], !account.isEmpty else { return nil }
            return ServedSession(account: account, publicKey: key, client: client)
        default:
            return nil
        }
    }
}
