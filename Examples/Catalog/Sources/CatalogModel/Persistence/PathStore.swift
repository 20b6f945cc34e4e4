/// The last route path per user, for `--restore`.
package struct PathStore: Sendable {
    /// Whose path: an account (by normalised email) or the guest.
    package enum Owner: Sendable, Equatable, Hashable {
        case guest
        case account(email: String)

        /// The row key. Emails always contain "@", so "guest" never collides.
        var key: String {
            switch self {
            case .guest: "guest"
            case .account(let email): EmailAddress.normalise(email)
            }
        }
    }

    private let database: any SavedPathRecords

    package init(database: any SavedPathRecords) {
        self.database = database
    }

    package func save(_ path: String, for owner: Owner) throws(StorageError) {
        try database.savePath(path, owner: owner.key)
    }

    package func load(for owner: Owner) throws(StorageError) -> String? {
        try database.savedPath(owner: owner.key)
    }
}
