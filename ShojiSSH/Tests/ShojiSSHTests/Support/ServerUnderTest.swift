import Crypto
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOSSH
@testable import ShojiSSH

/// A real `SSHAppServer` on 127.0.0.1 (a free port) in this process,
/// serving a shell script as its app, with its own folder (host key,
/// authorized keys, one client key `listed`) and every log line kept.
final class ServerUnderTest {
    let folder: String
    let server: SSHAppServer
    let port: Int
    let logs: LogLines
    /// A key the authorized keys file lists (a guest key, or the account
    /// the `accounts` link or bind it to), also as an OpenSSH private key
    /// file at `listedKeyPath`.
    let listedKey: NIOSSHPrivateKey
    let listedKeyPath: String

    /// `script` runs under `/bin/sh -c` for each session; `configure` may
    /// change anything but the folder's files. `authorizedKeysText`
    /// replaces the file's content (the listed key's line is `keyLine`).
    init(script: String, accounts: (any SSHAccounts)? = nil,
         configure: (inout SSHAppServer.Configuration) -> Void = { _ in },
         authorizedKeysText: ((String) -> [UInt8])? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("shojissh-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let curveKey = Curve25519.Signing.PrivateKey()
        listedKey = NIOSSHPrivateKey(ed25519Key: curveKey)
        listedKeyPath = folder + "/client_key"
        _ = FileManager.default.createFile(atPath: listedKeyPath,
                                       contents: Data(OpenSSHPrivateKey.encode(ed25519: curveKey, comment: "tester").utf8),
                                       attributes: [.posixPermissions: 0o600])
        let keyLine = String(openSSHPublicKey: listedKey.publicKey) + " tester@vm"
        let keysPath = folder + "/authorized_keys"
        let bytes = authorizedKeysText?(keyLine) ?? Array((keyLine + "\n").utf8)
        _ = FileManager.default.createFile(atPath: keysPath, contents: Data(bytes))
        var configuration = SSHAppServer.Configuration(appName: "demo", appExecutable: "/bin/sh",
                                                       hostKeyPath: folder + "/ssh_host_ed25519_key")
        configuration.appArguments = { _ in ["-c", script] }
        configuration.authorizedKeysPath = keysPath
        configuration.port = 0
        configuration.failedAuthenticationDelay = 0.05
        configuration.shutdownGracePeriod = 0
        configuration.loginGraceTime = 5
        configure(&configuration)
        let logs = LogLines()
        self.logs = logs
        server = try SSHAppServer(configuration: configuration, accounts: accounts,
                                  logger: Logger(label: "test.serve") { label in LogLinesHandler(label: label, lines: logs) })
        port = try server.start().port
    }

    deinit {
        server.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Waits until a log line contains `text`; the lines so far.
    @discardableResult
    func waitForLog(_ text: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if logs.all.contains(where: { $0.contains(text) }) { return true }
            usleep(20_000)
        }
        return false
    }
}

/// Every log line of a server, as `level message key=value...`.
final class LogLines: Sendable {
    private let lines = NIOLockedValueBox<[String]>([])
    var all: [String] { lines.withLockedValue { $0 } }
    func append(_ line: String) { lines.withLockedValue { $0.append(line) } }
}

/// Writes each message as one line to `LogLines`, raw: the escaping under
/// test must have happened before.
struct LogLinesHandler: LogHandler {
    let label: String
    let lines: LogLines
    var logLevel: Logger.Level = .debug
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let fields = all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: " ")
        lines.append("\(event.level) \(event.message) \(fields)")
    }
}
