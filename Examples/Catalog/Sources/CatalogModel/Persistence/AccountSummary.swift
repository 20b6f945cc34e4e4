import Foundation

/// One account as `catalog accounts list` shows it.
package struct AccountSummary: Sendable, Equatable {
    package let account: Account
    /// Made by the operator's `link-key` (no password), not signed up by a visitor.
    package let ownedByOperator: Bool
    package let lock: SignInLock
    /// Its linked keys (`type base64`), oldest first, and who linked each.
    package let keys: [(publicKey: String, byOperator: Bool)]

    package init(account: Account, ownedByOperator: Bool, lock: SignInLock, keys: [(publicKey: String, byOperator: Bool)]) {
        self.account = account
        self.ownedByOperator = ownedByOperator
        self.lock = lock
        self.keys = keys
    }

    package static func == (left: AccountSummary, right: AccountSummary) -> Bool {
        left.account == right.account && left.ownedByOperator == right.ownedByOperator && left.lock == right.lock
            && left.keys.map(\.publicKey) == right.keys.map(\.publicKey) && left.keys.map(\.byOperator) == right.keys.map(\.byOperator)
    }
}
