import CatalogApp
import Foundation
import NIOSSH

/// The keys allowed in, from an OpenSSH-style authorized_keys file: one key a
/// line, `type base64 [account]`. A key whose comment names an account may
/// sign in only as that account; a key without a comment opens a guest
/// session. Only the key types swift-nio-ssh verifies (ed25519 and ECDSA)
/// are accepted; other lines are reported, never silently trusted.
public struct AuthorizedKeys: Sendable {
    public struct Entry: Sendable, Equatable {
        public let key: NIOSSHPublicKey
        /// The account this key signs in as, or nil for a guest session.
        public let account: String?
    }

    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static let supportedTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]

    public private(set) var entries: [Entry] = []
    public private(set) var problems: [Problem] = []

    public init(text: String) {
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
    public static func load(path: String) throws(AuthorizedKeysError) -> AuthorizedKeys {
        guard FileManager.default.fileExists(atPath: path) else { return AuthorizedKeys(text: "") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AuthorizedKeysError(path: path)
        }
        return AuthorizedKeys(text: text)
    }

    /// Who `key` signs in as when the client says it is `user`: the key's
    /// account (only if `user` names it), a guest for a key without one, or
    /// nil when the key is not listed or is listed for someone else.
    public func identity(for key: NIOSSHPublicKey, user: String) -> ServedIdentity? {
        for entry in entries where entry.key == key {
            guard let account = entry.account else { return .guest }
            if account.caseInsensitiveCompare(user) == .orderedSame { return .account(account) }
        }
        return nil
    }
}

public struct AuthorizedKeysError: Error, CustomStringConvertible, Sendable {
    public let path: String
    public var description: String { "cannot read the authorized keys file \(path)" }
}

