/// A signed-up user. Only the normalised email is public; the password hash
/// never leaves AccountStore.
public struct Account: Sendable, Equatable, Hashable {
    public let id: Int64
    public let email: String

    public init(id: Int64, email: String) {
        self.id = id
        self.email = email
    }
}
