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

        /// The row key of the list's selection: no email holds a space.
        var selectionKey: String { key + " selection" }
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

    /// Saves the item the list on screen selects with the path (nil: none,
    /// or no list on top), so `--restore` reopens the list at that row:
    /// a path names screens, not rows.
    package func saveSelection(_ itemID: String?, for owner: Owner) throws(StorageError) {
        try database.savePath(itemID ?? "", owner: owner.selectionKey)
    }

    /// The item the list selected when the path was saved, if any.
    package func loadSelection(for owner: Owner) throws(StorageError) -> String? {
        guard let itemID = try database.savedPath(owner: owner.selectionKey), !itemID.isEmpty else { return nil }
        return itemID
    }
}
