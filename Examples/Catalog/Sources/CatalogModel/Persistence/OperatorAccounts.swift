import ShojiCore

/// What the operator's `catalog accounts` commands do, on the server's
/// database: bind keys to accounts, lift locks, list.
///
/// A key is bound to an account here, never in `authorized_keys`: the file
/// names an email, and in public mode a visitor could sign that email up
/// first and then receive the operator's key. So `link-key` makes the
/// account itself (operator-owned, without a password) when it is missing,
/// and refuses an email a visitor registered unless told to take it over,
/// which deletes the visitor's account and its data first: the operator
/// never silently receives a visitor's favourites or keys.
package struct OperatorAccounts: Sendable {
    private let database: any AccountRecords & LinkedKeyRecords & OperatorRecords

    package init(database: any AccountRecords & LinkedKeyRecords & OperatorRecords) {
        self.database = database
    }

    /// Why a command did nothing, worded as the one line it prints.
    package enum Refusal: Error, Equatable, CustomStringConvertible {
        case malformedEmail(String)
        /// The email belongs to an account a visitor signed up in the app.
        case visitorAccount(String)
        case noAccount(String)
        case keyNotLinked
        case storage(StorageError)

        package var description: String {
            switch self {
            case .malformedEmail(let email):
                "'\(ControlCharacters.escaped(String(email.prefix(256))))' is not an email address like name@example.com"
            case .visitorAccount(let email):
                "\(email) was signed up by a visitor in the app, so a key linked to it would open their account: "
                    + "use another email, or add --take-over to delete that account with its favourites and keys and make it yours"
            case .noAccount(let email): "there is no account \(email) (see catalog accounts list)"
            case .keyNotLinked: "that key is not linked to any account"
            case .storage(let error): error.description
            }
        }
    }

    /// What `link-key` did.
    package struct Linked: Equatable, Sendable {
        package let account: Account
        /// The account was made for this key.
        package let created: Bool
        /// A visitor's account of that email was deleted first (`--take-over`).
        package let tookOver: Bool
        /// The account the key was linked to before, if another.
        package let movedFrom: String?
    }

    /// Links `publicKey` to `email`'s account, making it (operator-owned)
    /// when missing; a visitor's account only with `takeOver`, deleted first.
    package func linkKey(_ publicKey: String, to email: String, takeOver: Bool) throws(Refusal) -> Linked {
        let email = try Self.checked(email)
        let keys = LinkedKeyStore(database: database)
        return try refusing("link the key") {
            let before = try keys.link(of: publicKey)?.email
            var tookOver = false
            var existing = try database.accountSummaries(email: email).first
            if let visitor = existing, !visitor.ownedByOperator {
                guard takeOver else { throw Refusal.visitorAccount(email) }
                try database.deleteAccount(visitor.account)
                tookOver = true
                existing = nil
            }
            let account: Account
            if let existing {
                account = existing.account
            } else {
                // Nil when a visitor signed the email up a moment ago: refused as above.
                guard let made = try database.insertOperatorAccount(email: email) else { throw Refusal.visitorAccount(email) }
                account = made
            }
            try keys.link(publicKey, to: account, byOperator: true)
            return Linked(account: account, created: existing == nil, tookOver: tookOver,
                          movedFrom: before == email ? nil : before)
        }
    }

    /// Unlinks `publicKey`; the account it was linked to.
    package func unlinkKey(_ publicKey: String) throws(Refusal) -> String {
        let keys = LinkedKeyStore(database: database)
        return try refusing("unlink the key") {
            guard let email = try keys.link(of: publicKey)?.email else { throw Refusal.keyNotLinked }
            try keys.unlink(publicKey)
            return email
        }
    }

    /// Runs `work`, which throws refusals and storage errors, as one refusal.
    private func refusing<T>(_ action: String, _ work: () throws -> T) throws(Refusal) -> T {
        do {
            return try work()
        } catch let refusal as Refusal {
            throw refusal
        } catch let error as StorageError {
            throw .storage(error)
        } catch {
            throw .storage(StorageError(action: action, error: error))
        }
    }

    /// Lifts the account's lock and forgets its wrong passwords; the email, normalised.
    @discardableResult
    package func unlock(_ email: String) throws(Refusal) -> String {
        let email = try Self.checked(email)
        let found: Bool
        do {
            found = try database.unlockAccount(email: email)
        } catch {
            throw .storage(error)
        }
        guard found else { throw .noAccount(email) }
        return email
    }

    /// Every account, or the one with `email`.
    package func list(email: String? = nil) throws(Refusal) -> [AccountSummary] {
        let email = try email.map { email throws(Refusal) in try Self.checked(email) }
        do {
            return try database.accountSummaries(email: email)
        } catch {
            throw .storage(error)
        }
    }

    private static func checked(_ email: String) throws(Refusal) -> String {
        let normalised = EmailAddress.normalise(email)
        guard EmailAddress.isValid(normalised) else { throw .malformedEmail(email) }
        return normalised
    }
}
