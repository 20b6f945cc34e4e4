import CatalogApp
import CatalogModel
import ShojiSSH

/// The catalog's accounts as the SSH server sees them: who exists, which
/// account a key was linked to (from the Account tab, or by the operator's
/// `catalog accounts link-key`), and passwords (scrypt, called off the
/// server's event loops; wrong ones count towards the account's lock).
package struct CatalogAccounts: SSHAccounts {
    private let accounts: AccountStore
    private let linkedKeys: LinkedKeyStore

    package init(database: any AccountRecords & LinkedKeyRecords) {
        accounts = AccountStore(database: database)
        linkedKeys = LinkedKeyStore(database: database)
    }

    package func accountExists(_ account: String) -> Bool {
        (try? accounts.account(email: account)) != nil
    }

    package func account(linkedTo publicKey: String) -> String? {
        try? linkedKeys.account(linkedTo: publicKey)
    }

    package func account(user: String, password: String) -> String? {
        (try? accounts.signIn(email: user, password: password))?.email
    }

    /// Keys the operator linked with `catalog accounts link-key`.
    package func account(boundTo publicKey: String) -> String? {
        guard let link = try? linkedKeys.link(of: publicKey), link.byOperator else { return nil }
        return link.email
    }
}

extension SSHAppServer.Configuration {
    /// `catalog serve`'s sessions: this executable, in the server's data
    /// directory, with the catalogue options passed on; accounts reopen
    /// where they left off (guests share one saved path, so each starts at Home).
    package static func catalog(executable: String, dataDirectory: DataDirectory, appArguments: [String])
        -> SSHAppServer.Configuration
    {
        var configuration = SSHAppServer.Configuration(appName: "catalog", appExecutable: executable,
                                                       hostKeyPath: dataDirectory.file("ssh_host_ed25519_key"))
        configuration.authorizedKeysPath = dataDirectory.file("authorized_keys")
        let path = dataDirectory.path
        configuration.appArguments = { identity in
            ["--data-dir", path, "--served"] + appArguments + (identity.isGuest ? [] : ["--restore"])
        }
        return configuration
    }
}
