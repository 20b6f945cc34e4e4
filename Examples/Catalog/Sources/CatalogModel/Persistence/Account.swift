/// A signed-up user. Only the normalised email is public; the password hash
/// never leaves AccountStore.
package struct Account: Sendable, Equatable, Hashable {
    package let id: Int64
    package let email: String

    package init(id: Int64, email: String) {
        self.id = id
        self.email = email
    }
}
