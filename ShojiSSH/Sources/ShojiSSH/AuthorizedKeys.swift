import Foundation
import NIOSSH

/// The keys allowed in, from a file in OpenSSH's `authorized_keys` format:
/// one key a line, `[options] type base64 [comment]`.
///
/// - The comment is free text (every `ssh-keygen` key carries `user@host`
///   there) and never grants or restricts anything.
/// - A listed key opens a guest session, or the account a user linked it
///   to from inside the app. `account="..."` in the options used to bind a
///   key to an account; it no longer does, and its line is reported and
///   skipped: the file names an email, and in public mode a visitor could
///   sign that email up before the operator, then receive the operator's
///   key. Keys are bound to accounts by the app's operator command on the
///   server's database instead (`SSHAccounts.account(boundTo:)`; the
///   catalog's `catalog accounts link-key EMAIL KEYFILE`), which knows who
///   made each account. Dropping the option is simpler and safer than
///   honouring it for some accounts: one place binds keys, and a line
///   that used to bind never opens a session of any kind by surprise.
/// - Options that only forbid what the server never offers (`restrict`,
///   `no-port-forwarding`, `no-agent-forwarding`, `no-X11-forwarding`,
///   `no-user-rc`) are accepted. Any other option (`command=`, `from=`,
///   `no-pty`, ...) is one the server cannot honour, so its line is reported
///   and skipped rather than trusted with less restriction than it asks for.
/// - Key types: ed25519 and ECDSA, the ones swift-nio-ssh verifies. `ssh-rsa`
///   and undecodable keys are reported and skipped.
/// - Blank lines, `#` comments and CRLF line ends are fine.
public struct AuthorizedKeys: Sendable {
    /// One listed key.
    public struct Entry: Sendable, Equatable {
        /// The key, as swift-nio-ssh verifies it.
        public let key: NIOSSHPublicKey
        /// The line the key is on, for log messages.
        public let line: Int
        /// The key as OpenSSH writes it, `type base64`, without options or comment.
        public var publicKey: String { String(openSSHPublicKey: key) }
    }

    /// A line that was skipped, and why.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The line's number, from 1.
        public let line: Int
        /// What is wrong with it.
        public let reason: String
        /// `line N: reason`.
        public var description: String { "line \(line): \(reason)" }
    }

    /// The key types the server verifies (swift-nio-ssh's).
    public static let supportedTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
    ]
    /// Key types OpenSSH knows that this server cannot verify.
    static let unsupportedTypes: Set<String> = [
        "ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
        "rsa-sha2-256", "rsa-sha2-512",
    ]
    /// Options that restrict only what the server never offers anyway.
    static let harmlessOptions: Set<String> = [
        "restrict", "no-port-forwarding", "no-agent-forwarding", "no-x11-forwarding", "no-user-rc",
    ]

    /// The keys listed, in file order.
    public private(set) var entries: [Entry] = []
    /// The lines skipped, in file order.
    public private(set) var problems: [Problem] = []
    /// The entries by key (OpenSSH's `type base64`), so a look-up costs
    /// the same for a file of ten lines or a hundred thousand.
    private var entriesByKey: [String: [Entry]] = [:]

    /// Reads the file's text.
    public init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Reads the file's bytes line by line: a line that is not UTF-8 (a
    /// comment written in Latin-1, say) is that line's problem, never the
    /// whole file's.
    public init(bytes: some Collection<UInt8>) {
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard let decoded = String(validating: rawLine, as: UTF8.self) else {
                // A comment may hold anything; only a key line must be text.
                if rawLine.drop(while: { $0 == 0x20 || $0 == 0x09 }).first != UInt8(ascii: "#") {
                    problems.append(Problem(line: number, reason: "not valid UTF-8 (line skipped)"))
                }
                continue
            }
            let line = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            switch Self.parse(line) {
            case .success(let (type, base64)):
                guard let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(type) \(base64)") else {
                    problems.append(Problem(line: number, reason: "the \(type) key does not decode"))
                    continue
                }
                let entry = Entry(key: key, line: number)
                entries.append(entry)
                entriesByKey[String(openSSHPublicKey: key), default: []].append(entry)
            case .failure(let problem):
                problems.append(Problem(line: number, reason: problem.reason))
            }
        }
    }

    private struct LineProblem: Error { let reason: String }

    /// `[options] type base64 [comment]` -> the key's type and data.
    private static func parse(_ line: String) -> Result<(String, String), LineProblem> {
        var scanner = LineScanner(line)
        guard var first = scanner.token() else { return .failure(LineProblem(reason: "empty line")) }
        if !isKeyType(first) {
            if case .failure(let problem) = parseOptions(first) { return .failure(problem) }
            guard let type = scanner.token() else {
                return .failure(LineProblem(reason: "expected `[options] type base64 [comment]`"))
            }
            first = type
        }
        guard supportedTypes.contains(first) else {
            return .failure(LineProblem(reason: "\(first) keys are not supported (use ed25519 or ECDSA)"))
        }
        guard let base64 = scanner.token() else {
            return .failure(LineProblem(reason: "the \(first) key has no key data"))
        }
        return .success((first, base64))
    }

    private static func isKeyType(_ token: String) -> Bool {
        supportedTypes.contains(token) || unsupportedTypes.contains(token)
            || token.hasPrefix("ssh-") || token.hasPrefix("ecdsa-") || token.hasPrefix("sk-")
    }

    /// Options: comma-separated `name` or `name="value"`, where a quoted value
    /// may hold commas and spaces and `\"`.
    private static func parseOptions(_ text: String) -> Result<Void, LineProblem> {
        var characters = Substring(text)
        while !characters.isEmpty {
            let name = String(characters.prefix { $0 != "=" && $0 != "," })
            characters = characters.dropFirst(name.count)
            var value: String?
            if characters.first == "=" {
                characters = characters.dropFirst()
                guard characters.first == "\"" else {
                    return .failure(LineProblem(reason: "option \(name) needs a quoted value"))
                }
                characters = characters.dropFirst()
                var unquoted = ""
                var closed = false
                while let character = characters.first {
                    characters = characters.dropFirst()
                    if character == "\\", characters.first == "\"" {
                        unquoted.append("\"")
                        characters = characters.dropFirst()
                    } else if character == "\"" {
                        closed = true
                        break
                    } else {
                        unquoted.append(character)
                    }
                }
                guard closed else { return .failure(LineProblem(reason: "option \(name) has an unclosed quote")) }
                value = unquoted
            }
            if characters.first == "," { characters = characters.dropFirst() } else if !characters.isEmpty {
                return .failure(LineProblem(reason: "malformed options after \(name)"))
            }
            switch (name.lowercased(), value) {
            case ("account", _):
                return .failure(LineProblem(reason: Self.accountOptionProblem))
            case (let other, nil) where harmlessOptions.contains(other):
                continue
            default:
                return .failure(LineProblem(reason: "option \(name) is not supported by this server (line skipped)"))
            }
        }
        return .success(())
    }

    /// Why a line with `account=` is skipped, and what to do instead.
    static let accountOptionProblem = "option account= no longer binds a key to an account (a visitor could sign that email up first): "
        + "bind it with the app's operator command, for the catalog `catalog accounts link-key EMAIL KEYFILE` (line skipped)"

    /// Larger than this is no authorized keys file anyone meant.
    static let largest = 64 << 20

    /// Reads `path` (a regular file of at most 64 MiB, opened without
    /// blocking: ``RegularFile``); a missing file is an empty list (nobody
    /// signs in by key).
    public static func load(path: String) throws(AuthorizedKeysError) -> AuthorizedKeys {
        let bytes: [UInt8]?
        do throws(RegularFileError) { bytes = try RegularFile.read(path, limit: largest) } catch {
            throw AuthorizedKeysError(path: path, reason: error.problem)
        }
        guard let bytes else { return AuthorizedKeys(text: "") }
        return AuthorizedKeys(bytes: bytes)
    }

    /// Whether any line lists `key`.
    public func lists(_ key: NIOSSHPublicKey) -> Bool {
        entriesByKey[String(openSSHPublicKey: key)] != nil
    }
}

/// Splits a line at runs of spaces and tabs, keeping quoted spans (an
/// option's value) inside one token.
private struct LineScanner {
    private var rest: Substring

    init(_ line: String) { rest = Substring(line) }

    mutating func token() -> String? {
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard !rest.isEmpty else { return nil }
        var token = ""
        var quoted = false
        var previous: Character?
        while let character = rest.first {
            if !quoted, character == " " || character == "\t" { break }
            if character == "\"", previous != "\\" { quoted.toggle() }
            token.append(character)
            previous = character
            rest = rest.dropFirst()
        }
        return token
    }
}

/// The authorized keys file exists but cannot be read.
public struct AuthorizedKeysError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file.
    public let path: String
    /// What the system said (`Permission denied`), what the file is
    /// instead of a regular file (`is a FIFO (a named pipe), not a regular
    /// file`), or that it is too large.
    public let reason: String
    /// `cannot read the authorized keys file PATH: REASON`.
    public var description: String { "cannot read the authorized keys file \(path): \(reason)" }
}
