import Foundation
import ShojiEndToEnd
import Testing

/// `catalog serve` on 127.0.0.1 with its own data directory and client keys,
/// for driving with the real OpenSSH client. Keys, made by `ssh-keygen` with
/// its usual `user@host` comment: `guest` and `alice` (listed as they are,
/// as the article "Serving over SSH" says; `linkInApp` links Alice's to her
/// account) and `stranger` (not listed).
final class ServedCatalog {
    static let alice = "alice@example.com"
    static let alicePassword = "correct horse battery"

    let dataDirectory: String
    let keys: String
    private let output: String
    private var process: BackgroundProcess?
    private(set) var port = 0

    init(dataDirectory: String = AppSession.makeDataDirectory()) throws {
        self.dataDirectory = dataDirectory
        keys = (dataDirectory as NSString).appendingPathComponent("client-keys")
        output = (dataDirectory as NSString).appendingPathComponent("serve.out")
        try FileManager.default.createDirectory(atPath: keys, withIntermediateDirectories: true)
        var authorized: [String] = []
        for (name, options) in [("guest", ""), ("alice", ""), ("stranger", nil as String?)] {
            let key = (keys as NSString).appendingPathComponent(name)
            let made = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "root@vm", "-f", key])
            guard made.status == 0 else { throw POSIXError(.EIO) }
            guard let options else { continue }
            // The whole line as ssh-keygen wrote it, comment included.
            let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            authorized.append(options + publicKey)
        }
        try (authorized.joined(separator: "\n") + "\n")
            .write(toFile: (dataDirectory as NSString).appendingPathComponent("authorized_keys"), atomically: true, encoding: .utf8)
    }

    /// Starts the server on a free port and waits until it says where.
    func start(_ arguments: [String] = [], environment: [String: String] = [:]) throws {
        try? FileManager.default.removeItem(atPath: output)
        process = try BackgroundProcess(CatalogBinary.path, ["serve", "--port", "0", "--data-dir", dataDirectory,
                                                             "--failed-auth-delay", "0.2"] + arguments,
                                        output: output, environment: environment)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let range = text.range(of: #"serving on 127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                port = Int(text[range].split(separator: ":").last!)!
                return
            }
            usleep(50_000)
        }
        throw ServerDidNotStart(output: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// SIGTERM, then waits for the server to end; returns its exit status.
    @discardableResult
    func stop(patience: TimeInterval = 20) -> Int32? {
        defer { process = nil }
        return process?.stop(patience: patience)
    }

    deinit {
        stop(patience: 3)
        for pid in appPids() { kill(pid, SIGKILL) }
    }

    /// Links key `name` to `email`'s account as its user does on the
    /// Account tab (`aGuestKeysUserLinksItAndTheNextConnectionSignsIn`
    /// drives that for real): a row in `catalog.sqlite`, written by
    /// sqlite3, so a test about something else need not walk the form.
    func linkInApp(key name: String, to email: String) throws {
        let publicKey = try String(contentsOfFile: keyPath(name) + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            .joined(separator: " ")
        let sql = "INSERT INTO linkedKey (publicKey, accountID, linkedAt) "
            + "SELECT '\(publicKey)', id, CURRENT_TIMESTAMP FROM account WHERE email = '\(email)'"
        let done = try Subprocess.run("/usr/bin/sqlite3", [(dataDirectory as NSString).appendingPathComponent("catalog.sqlite"), sql])
        #expect(done.status == 0, "\(done.standardError)")
    }

    /// Signs `email` up in the app on this data directory, as a visitor does.
    func signUpInApp(_ email: String, password: String) throws {
        let app = try AppSession(dataDirectory: dataDirectory)
        try app.launch()
        try app.waitForHeader(" catalog › Sign in")
        try app.signUp(email: email, password: password)
        try app.waitFor(text: "51 items")
        try app.quit()
    }

    /// An SSH_ASKPASS program that answers `password`.
    func askpass(answering password: String) throws -> String {
        let path = keyPath("askpass-\(UUID().uuidString.prefix(6))")
        try "#!/bin/sh\necho '\(password)'\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o700)
        return path
    }

    /// The ssh command line that signs in as `user` with the password `askpass` gives, once.
    func passwordLogin(user: String, askpass: String) -> String {
        "SSH_ASKPASS=\(askpass) SSH_ASKPASS_REQUIRE=force /usr/bin/ssh -p \(port) "
            + "-o PubkeyAuthentication=no -o PreferredAuthentications=password -o NumberOfPasswordPrompts=1 "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "-l \(user) 127.0.0.1"
    }

    /// Runs `catalog accounts ARGUMENTS` on this server's data directory.
    func accounts(_ arguments: [String]) throws -> Subprocess.Result {
        try Subprocess.run(CatalogBinary.path, ["accounts"] + arguments + ["--data-dir", dataDirectory])
    }

    /// What the server printed and logged so far.
    var log: String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }

    func keyPath(_ name: String) -> String { (keys as NSString).appendingPathComponent(name) }

    /// The ssh command line for key `name` as `user`, never asking anything;
    /// to this server, or to `port` (a balancer in front of it, say).
    func ssh(key name: String, user: String = "demo", port: Int? = nil, _ extra: String = "") -> String {
        "/usr/bin/ssh -p \(port ?? self.port) -i \(keyPath(name)) -o IdentitiesOnly=yes -o IdentityAgent=none "
            + "-o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "\(extra) -l \(user) 127.0.0.1"
    }

    /// The session apps this server has running now.
    func appPids() -> [pid_t] {
        let result = try? Subprocess.run("/usr/bin/pgrep", ["-f", "--", "--data-dir \(dataDirectory) --served"])
        return (result?.standardOutput ?? "").split(separator: "\n").compactMap { pid_t($0) }
    }

    /// Waits until no session app is left, or the time is up; returns what is left.
    func waitForNoApps(timeout: TimeInterval = 10) -> [pid_t] {
        let deadline = Date().addingTimeInterval(timeout)
        var left = appPids()
        while !left.isEmpty, Date() < deadline {
            usleep(50_000)
            left = appPids()
        }
        return left
    }
}

struct ServerDidNotStart: Error, CustomStringConvertible {
    let output: String
    var description: String { "catalog serve did not start:\n\(output)" }
}
