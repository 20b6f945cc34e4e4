import CatalogApp
import Foundation
import NIOSSH

/// The keys allowed in, from an OpenSSH-style authorized_keys file: one key a
/// line, `type base64 [account]`. A key whose comment names an account may
/// sign in only as that account; a key without a comment opens a guest
/// session. Only the key types swift-nio-ssh verifies (ed25519 and ECDSA)
/// are accepted; other lines are reported, never silently trusted.
package struct AuthorizedKeys: Sendable {
    package struct Entry: Sendable, Equatable {
        package let key: NIOSSHPublicKey
        /// The account this key signs in as, or nil for a guest session.
        package let account: String?
    }

    package struct Problem: Sendable, Equatable, CustomStringConvertible {
        package let line: Int
        package let reason: String
        package var description: String { "line \(line): \(reason)" }
    }

    package static let supportedTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    package private(set) var entries: [Entry] = []
    package private(set) var problems: [Problem] = []

    package init(text: String) {
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
            guard fields.count >= 2 else {
                problems.append(Problem(line: index + 1, reason: "expected `type base64 [account]`"))
                continue
            }
            guard Self.supportedTypes.contains(fields[0]) else {
                let reason = fields[0].hasPrefix("ssh-") || fields[0].hasPrefix("ecdsa-") || fields[0].hasPrefix("sk-")
                    ? "\(fields[0]) keys are not supported (use ed25519 or ECDSA)"
                    : "options before the key type are not supported"
                problems.append(Problem(line: index + 1, reason: reason))
                continue
            }
            guard let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(fields[0]) \(fields[1])") else {
                problems.append(Problem(line: index + 1, reason: "the key does not decode"))
                continue
            }
            let comment = fields.count > 2 ? fields[2].trimmingCharacters(in: .whitespaces) : ""
            entries.append(Entry(key: key, account: comment.isEmpty ? nil : comment))
        }
    }

    /// Reads `path`; a missing file is an empty list (nobody signs in by key).
    package static func load(path: String) throws(AuthorizedKeysError) -> AuthorizedKeys {
        guard FileManager.default.fileExists(atPath: path) else { return AuthorizedKeys(text: "") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AuthorizedKeysError(path: path)
        }
        return AuthorizedKeys(text: text)
    }

    /// Who `key` signs in as when the client says it is `user`: the key's
    /// account (only if `user` names it), a guest for a key without one, or
    /// nil when the key is not listed or is listed for someone else.
    package func identity(for key: NIOSSHPublicKey, user: String) -> ServedIdentity? {
        for entry in entries where entry.key == key {
            guard let account = entry.account else { return .guest }
            if account.caseInsensitiveCompare(user) == .orderedSame { return .account(account) }
        }
        return nil
    }
}

package struct AuthorizedKeysError: Error, CustomStringConvertible, Sendable {
    package let path: String
    package var description: String { "cannot read the authorized keys file \(path)" }
}

