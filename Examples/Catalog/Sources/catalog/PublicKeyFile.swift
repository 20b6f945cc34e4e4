import Foundation
import ShojiAppKit  // ControlCharacters
import ShojiSSH

/// A public key file as `ssh-keygen` writes it (`type base64 comment`),
/// for `catalog accounts link-key` and `unlink-key`: one ed25519 or ECDSA
/// key, read with the server's own parser, so a key accepted here is one
/// the server can verify.
struct PublicKeyFile {
    /// `type base64`, without the comment.
    let publicKey: String
    /// `SHA256:...`, as `ssh-keygen -l` shows it.
    let fingerprint: String

    /// A public key file is a line; anything this large is not one.
    static let largest = 64 << 10

    /// The key in `path`, or one line on stderr and status 1. The file is
    /// opened without blocking and must be a regular file of at most
    /// `largest` bytes (`RegularFile`): a FIFO or `/dev/zero` given by
    /// mistake is an error, not a hang or a memory that grows without end.
    static func read(_ path: String) -> PublicKeyFile {
        let shown = ControlCharacters.escaped(path)
        let read: [UInt8]?
        do throws(RegularFileError) { read = try RegularFile.read(path, limit: largest) } catch {
            if error.problem.hasPrefix("is larger") {
                AccountsCommand.fail("\(shown) is larger than a public key file (\(largest >> 10) KiB): give the .pub file")
            }
            if error.problem.hasPrefix("is ") {
                AccountsCommand.fail("the key file \(shown) \(error.problem): give the .pub file itself")
            }
            AccountsCommand.fail("cannot read the key file \(shown): \(ControlCharacters.escaped(error.problem))")
        }
        guard let data = read else { AccountsCommand.fail("cannot read the key file \(shown): no such file") }
        if String(decoding: data.prefix(64), as: UTF8.self).contains("PRIVATE KEY") {
            AccountsCommand.fail("\(shown) is a private key: give its public half, the .pub file")
        }
        let keys = AuthorizedKeys(bytes: data)
        if let problem = keys.problems.first { AccountsCommand.fail("\(shown): \(problem)") }
        guard keys.entries.count == 1, let entry = keys.entries.first else {
            AccountsCommand.fail("\(shown) should hold one public key (the .pub file), found \(keys.entries.count)")
        }
        let publicKey = entry.publicKey
        return PublicKeyFile(publicKey: publicKey, fingerprint: SSHKeyFingerprint.of(publicKey) ?? "unknown")
    }
}
