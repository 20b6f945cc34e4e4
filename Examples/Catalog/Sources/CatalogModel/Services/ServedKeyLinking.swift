/// Linking the key a served session connected with, through the database
/// the SSH server reads when that key connects again.
@MainActor
package final class ServedKeyLinking: KeyLinking {
    private let publicKey: String
    private let store: LinkedKeyStore
    private let isAdmitted: @Sendable (String) -> Bool

    /// `isAdmitted` says whether the server would let a key in now
    /// (ShojiSSH's `SSHSessionEnvironment.isKeyAdmitted`).
    package init(publicKey: String, store: LinkedKeyStore, isAdmitted: @escaping @Sendable (String) -> Bool) {
        self.publicKey = publicKey
        self.store = store
        self.isAdmitted = isAdmitted
    }

    package var mayLink: Bool { isAdmitted(publicKey) }

    /// The key type and the end of its data, enough to recognise it.
    package var keyDescription: String {
        let parts = publicKey.split(separator: " ")
        guard parts.count >= 2 else { return publicKey }
        return "\(parts[0]) …\(parts[1].suffix(12))"
    }

    package func isLinked(to account: Account) -> Bool {
        (try? store.account(linkedTo: publicKey)) == account.email
    }

    package func link(to account: Account) throws(StorageError) { try store.link(publicKey, to: account) }

    package func unlink() throws(StorageError) { try store.unlink(publicKey) }
}
