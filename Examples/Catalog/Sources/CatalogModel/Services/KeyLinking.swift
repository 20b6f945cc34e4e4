/// The key a served session connected with, and linking it to an account so
/// the next connection with it signs in as that account.
@MainActor
package protocol KeyLinking: AnyObject {
    /// Its fingerprint or short form, as the screen names it.
    var keyDescription: String { get }
    /// Whether the server would still let this key in on its own (it is
    /// still listed, or the server is public). A key deleted from the
    /// server's list while its session was open must not be linked: that
    /// would undo the deletion. Asked at the moment of linking.
    var mayLink: Bool { get }
    func isLinked(to account: Account) -> Bool
    func link(to account: Account) throws(StorageError)
    func unlink() throws(StorageError)
}
