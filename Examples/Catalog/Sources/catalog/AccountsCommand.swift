import ArgumentParser
import CatalogModel
import Foundation
import ShojiSSH

/// `catalog accounts`: the operator's commands on the server's database
/// (the data directory's `catalog.sqlite`, or `--database`). Keys are bound
/// to accounts here, not in `authorized_keys`, which cannot tell an
/// account the operator made from one a visitor signed up.
struct AccountsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: "The operator's commands on accounts: list them, lift a lock, bind keys to accounts.",
        discussion: """
        Run them on the server, against the database catalog serve uses (same --data-dir or --database). \
        Ten wrong passwords in a row lock an account for 5 min, then 10, 20, ... at most 2 h; \
        `unlock` lifts a lock at once, and a key linked to the account still signs in over SSH meanwhile.
        """,
        subcommands: [List.self, Unlock.self, LinkKey.self, UnlinkKey.self]
    )

    /// Where the accounts are: what every subcommand takes.
    struct Location: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The data directory catalog serve uses (default: $XDG_DATA_HOME/catalog).", valueName: "dir"))
        var dataDir: String?

        @OptionGroup var storage: DatabaseOptions

        /// The operator's view of that database; a failure to open it is one line and status 1.
        func accounts() -> OperatorAccounts {
            do {
                let directory = try DataDirectory.prepared(override: dataDir)
                return OperatorAccounts(database: try storage.opener()(directory))
            } catch {
                AccountsCommand.fail("\(error)")
            }
        }
    }

    /// Prints `catalog accounts: MESSAGE` on stderr and exits 1.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("catalog accounts: \(message)\n".utf8))
        Foundation.exit(1)
    }

    /// Runs `work`, printing a refusal as one line (status 1).
    static func run<T>(_ work: () throws(OperatorAccounts.Refusal) -> T) -> T {
        do {
            return try work()
        } catch {
            fail(error.description)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List accounts: who made each, its linked keys by fingerprint, and its lock.")

        @Argument(help: ArgumentHelp("Only this account.", valueName: "email"))
        var email: String?

        @OptionGroup var location: Location

        func run() {
            let accounts = location.accounts()
            let summaries = AccountsCommand.run { () throws(OperatorAccounts.Refusal) in try accounts.list(email: email) }
            print(AccountListing(summaries, now: Date()).text, terminator: "")
        }
    }

    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lift an account's lock after wrong passwords, and forget them.")

        @Argument(help: ArgumentHelp("The account.", valueName: "email"))
        var email: String

        @OptionGroup var location: Location

        func run() {
            let accounts = location.accounts()
            let unlocked = AccountsCommand.run { () throws(OperatorAccounts.Refusal) in try accounts.unlock(email) }
            print("unlocked \(unlocked)")
        }
    }

    struct LinkKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "link-key",
            abstract: "Bind a public key to an account: it signs in as that account over SSH, listed in authorized_keys or not.",
            discussion: """
            A missing account is made for the key (the operator's, without a password). An email a visitor \
            signed up in the app is refused: with --take-over that account is deleted first, with its \
            favourites, saved place and keys, and a new one made for you (you never get the visitor's data).
            """)

        @Argument(help: ArgumentHelp("The account.", valueName: "email"))
        var email: String

        @Argument(help: ArgumentHelp("The public key file, e.g. ~/.ssh/id_ed25519.pub (ed25519 or ECDSA).", valueName: "keyfile"))
        var keyFile: String

        @Flag(name: .long, help: "Delete a visitor's account of this email (and its data) and make it yours.")
        var takeOver = false

        @OptionGroup var location: Location

        func run() {
            let key = PublicKeyFile.read(keyFile)
            let accounts = location.accounts()
            let linked = AccountsCommand.run { () throws(OperatorAccounts.Refusal) in
                try accounts.linkKey(key.publicKey, to: email, takeOver: takeOver)
            }
            var notes: [String] = []
            if linked.tookOver { notes.append("the visitor's account was deleted") }
            if linked.created { notes.append("account made") }
            if let before = linked.movedFrom { notes.append("moved from \(before)") }
            let said = notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")"
            print("linked \(key.fingerprint) to \(linked.account.email)\(said)")
        }
    }

    struct UnlinkKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unlink-key", abstract: "Unbind a public key from its account.")

        @Argument(help: ArgumentHelp("The public key file.", valueName: "keyfile"))
        var keyFile: String

        @OptionGroup var location: Location

        func run() {
            let key = PublicKeyFile.read(keyFile)
            let accounts = location.accounts()
            let email = AccountsCommand.run { () throws(OperatorAccounts.Refusal) in try accounts.unlinkKey(key.publicKey) }
            print("unlinked \(key.fingerprint) from \(email)")
        }
    }
}
