/// The key a served session connected with, and linking it to an account so
/// the next connection with it signs in as that account.
@MainActor
package protocol KeyLinking: AnyObject {
    /// Its fingerprint or short form, as the screen names it.
    var keyDescription: String { get }
    func isLinked(to account: Account) -> Bool
    func link(to account: Account) throws(StorageError)
    func unlink() throws(StorageError)
}
