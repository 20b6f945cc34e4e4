import Foundation
import PostgresTestServer
import ShojiEndToEnd
import Testing

/// Two `catalog serve` instances on one PostgreSQL database, with HAProxy
/// in front sending the PROXY protocol, as the article "Serving over SSH" (several hosts)
/// sets them up: whichever instance answers, a user finds their account,
/// favourites and saved route, and the same host key; the instances see the
/// client's address, not the balancer's. (With --proxy-protocol the
/// instances take connections from the balancer only; its round robin
/// sends consecutive connections to one, then the other.)
@Suite(.serialized)
struct ClusterEndToEndTests {
    static let email = "roamer@example.com"
    static let password = "roaming password"

    /// The database, two instances sharing it (their own data directories,
    /// one authorized_keys file and one host key), and the balancer.
    final class Cluster {
        let database: PostgresTestServer
        let databaseName: String
        let url: String
        let first: ServedCatalog
        let second: ServedCatalog
        let balancer: HAProxy

        /// `ownDatabaseServer` for a test that stops it; else the process's shared one.
        init(ownDatabaseServer: Bool = false) throws {
            database = ownDatabaseServer ? try PostgresTestServer() : try PostgresTestServer.shared()
            databaseName = try database.createDatabase(prefix: "cluster")
            url = database.url(database: databaseName)
            first = try ServedCatalog()
            second = try ServedCatalog()
            let shared = ["--database", url, "--proxy-protocol",
                          "--authorized-keys", first.dataDirectory + "/authorized_keys",
                          "--host-key", first.dataDirectory + "/cluster_host_key"]
            // The first makes the host key; the second reads it.
            try first.start(shared, environment: database.environment)
            try second.start(shared, environment: database.environment)
            balancer = try HAProxy(backends: [first.port, second.port], directory: first.dataDirectory)
        }

        /// A terminal running ssh, through the balancer, with the first
        /// instance's guest key, from 127.0.0.2 (so the instances can tell
        /// the client's address from the balancer's 127.0.0.1).
        func connect(width: Int = 100) throws -> AppSession {
            let session = try AppSession(width: width, height: 24, dataDirectory: first.dataDirectory)
            let ssh = first.ssh(key: "guest", port: balancer.port, "-o BindAddress=127.0.0.2")
            try session.terminal.run("clear; \(ssh); echo \"exit1=$?\"")
            return session
        }

        /// How many sessions each instance has started.
        var sessionsStarted: [Int] {
            [first, second].map { $0.log.components(separatedBy: "session started").count - 1 }
        }
    }

    @Test func anAccountMadeThroughTheBalancerIsAtHomeOnEitherInstance() throws {
        let cluster = try Cluster()

        // Through the balancer: sign up, link the key, favourite an item, quit on its detail.
        let roamer = try cluster.connect()
        try Self.signUpFromTheAccountTab(roamer)
        try roamer.press("3")
        try roamer.waitFor(text: "[ Link this key ]")
        try roamer.press("Tab", "Enter")
        try roamer.waitFor(text: "[ Unlink this key ]")
        try roamer.press("1")
        try roamer.waitForHeader(" catalog › Home")
        try roamer.openList()
        try roamer.press("Down", "Enter")
        try roamer.waitFor(text: "☆ Not in your favourites (f to add)")
        try roamer.press("f")
        try roamer.waitFor(text: "★ In your favourites (f to remove)")
        let detail = try roamer.screen()[0]
        #expect(detail == " catalog › Home › List › iPhone 3G")
        try roamer.press("q")
        #expect(try roamer.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))

        #expect(cluster.sessionsStarted.sorted() == [0, 1])

        // Twice more, so each instance answers once: signed in by the linked
        // key, back on the same detail, the favourite there and on the
        // Favourites tab.
        for _ in 0..<2 {
            let again = try cluster.connect()
            let screen = try again.waitFor(text: "★ In your favourites (f to remove)", timeout: 20)
            #expect(screen[0] == detail)
            try again.press("2")
            let favourites = try again.waitForHeader(" catalog › Favourites")
            #expect(favourites[2].hasPrefix("iPhone 3G "))
            try again.press("3")
            try again.waitFor(text: "Signed in as \(Self.email)")
            // Back to the detail, so the route saved on quit stays the same.
            try again.press("1")
            try again.waitForHeader(detail)
            try again.press("q")
            #expect(try again.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
        }
        #expect(cluster.sessionsStarted.sorted() == [1, 2], "each instance answered: \(cluster.sessionsStarted)")
        for instance in [cluster.first, cluster.second] {
            #expect(instance.log.contains("(linked)"))
            // The client's address, from the PROXY header, never the balancer's
            // (whose own health checks come from 127.0.0.1).
            let sessions = instance.log.split(separator: "\n").filter { $0.contains("authenticated") || $0.contains("session started") }
            #expect(!sessions.isEmpty && sessions.allSatisfy { $0.contains("peer=127.0.0.2 ") }, "\(sessions)")
        }

        // One host key: whichever instance a client reaches, it is the same
        // (two scans, one per instance).
        let hostKeys = try (0..<2).map { _ in try Self.hostKey(port: cluster.balancer.port) }
        #expect(!hostKeys[0].isEmpty)
        #expect(hostKeys[0] == hostKeys[1])
        // Straight to an instance, without the balancer's header: no answer.
        #expect(try Self.hostKey(port: cluster.first.port, timeout: 2).isEmpty)
    }

    /// The database goes away mid-session: the next save says so on the
    /// screen, the app goes on, and the same save goes through once the
    /// database is back.
    @Test func aSaveWhileTheDatabaseIsDownIsRefusedPlainlyAndWorksOnceItIsBack() throws {
        let cluster = try Cluster(ownDatabaseServer: true)
        let session = try cluster.connect(width: 119)  // one line for the message; from 120 the detail is a column
        try Self.signUpFromTheAccountTab(session)
        try session.press("1")
        try session.waitForHeader(" catalog › Home")
        try session.openList()
        try session.press("Enter")
        try session.waitFor(text: "☆ Not in your favourites (f to add)")

        try cluster.database.stop()
        try session.press("f")
        let refused = try session.waitFor(text: "Could not save the favourite", timeout: 20)
        #expect(refused.has("Could not save the favourite: cannot reach PostgreSQL at 127.0.0.1:\(cluster.database.port) (connection refused); is it running?"))
        #expect(refused.has("☆ Not in your favourites (f to add)"), "the screen still shows the favourite as it is")
        #expect(cluster.first.appPids().count + cluster.second.appPids().count == 1, "the session goes on")

        try cluster.database.start()
        try session.press("f")
        try session.waitFor(text: "★ In your favourites (f to remove)", timeout: 20)
        try session.waitFor(text: "Added to Favourites")
        let stored = try cluster.database.psql("SELECT string_agg(item_id, ',') FROM favourite", database: cluster.databaseName)
        #expect(stored == "iphone")
        try session.press("q")
        #expect(try session.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
    }

    /// From a guest session's Home: Account tab, sign-in, sign-up as `email`;
    /// returns once the new account's screen is up.
    static func signUpFromTheAccountTab(_ session: AppSession) throws {
        try session.waitFor(text: "51 items", timeout: 20)
        try session.press("3")
        try session.waitFor(text: "Browsing as a guest")
        try session.press("Enter")
        try session.waitForHeader(" catalog › Sign in")
        try session.signUp(email: email, password: password)
        try session.waitFor { $0.first?.hasPrefix(" catalog › ") == true && $0.first != " catalog › Create an account" }
    }

    /// The host key `ssh-keyscan` gets from `port` (type and base64).
    static func hostKey(port: Int, timeout: Int = 10) throws -> String {
        let scan = try Subprocess.run("/usr/bin/ssh-keyscan", ["-T", String(timeout), "-t", "ed25519", "-p", String(port), "127.0.0.1"])
        return scan.standardOutput.split(separator: "\n").first { !$0.hasPrefix("#") }
            .map { $0.split(separator: " ").dropFirst().joined(separator: " ") } ?? ""
    }
}

/// Debian's HAProxy in TCP mode in front of `backends`, round robin,
/// configured as in the article "Serving over SSH".
final class HAProxy {
    let port: Int
    private let process: BackgroundProcess

    init(backends: [Int], directory: String) throws {
        port = try freeLoopbackPort()
        let servers = backends.enumerated().map {
            "    server catalog\($0.offset + 1) 127.0.0.1:\($0.element) send-proxy-v2 check"
        }
        let configuration = """
            defaults
                mode tcp
                timeout connect 5s
                timeout client 1h
                timeout server 1h
            frontend ssh
                bind 127.0.0.1:\(port)
                default_backend catalog
            backend catalog
                balance roundrobin
            \(servers.joined(separator: "\n"))

            """
        let path = directory + "/haproxy.cfg"
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try Subprocess.run("/usr/sbin/haproxy", ["-c", "-f", path])
        guard check.status == 0 else { throw HAProxyError("haproxy -c: \(check.standardOutput)\(check.standardError)") }
        process = try BackgroundProcess("/usr/sbin/haproxy", ["-db", "-f", path], output: directory + "/haproxy.log")
        // Ready when it accepts a connection.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? Subprocess.run("/bin/bash", ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(port)"]))?.status == 0 { return }
            usleep(50_000)
        }
        throw HAProxyError("haproxy did not listen on \(port)")
    }

    deinit { process.stop() }
}

struct HAProxyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
