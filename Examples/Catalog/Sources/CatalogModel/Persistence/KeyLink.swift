/// The account a key is linked to, and who linked it.
package struct KeyLink: Sendable, Equatable {
    package let email: String
    /// The operator's `catalog accounts link-key`: the key is let in by
    /// itself. Otherwise a user linked it on the Account tab, and without
    /// `--public` it still needs its line in `authorized_keys`.
    package let byOperator: Bool

    package init(email: String, byOperator: Bool) {
        self.email = email
        self.byOperator = byOperator
    }
}
