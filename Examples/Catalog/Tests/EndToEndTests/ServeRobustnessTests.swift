import Foundation
import ShojiEndToEnd
import Testing

/// Hostile and careless clients against `catalog serve`: malformed SSH
/// streams, connections that come and go, clients that vanish mid-frame or
/// never authenticate or go idle. After each, the server still serves a real
/// session and no app process is left behind.
@Suite(.serialized)
struct ServeRobustnessTests {
    private static let version = "SSH-2.0-robustness\r\n"

    /// One packet frame around `payload`, as RFC 4253 section 6 lays it out
    /// (no encryption yet), with `padding` bytes of padding.
    private static func packet(_ payload: [UInt8], padding: Int = 4, declaredLength: UInt32? = nil) -> [UInt8] {
        let length = declaredLength ?? UInt32(1 + payload.count + padding)
        return withUnsafeBytes(of: length.bigEndian, Array.init) + [UInt8(truncatingIfNeeded: padding)] + payload
            + [UInt8](repeating: 0, count: padding)
    }

    @Test func malformedStreamsCloseOnlyTheirOwnConnection() throws {
        let server = try ServedCatalog()
        try server.start()
        var generator = SplitMix64(seed: 0xC0FFEE)
        let random = { (count: Int) in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        // Each named stream is invalid as soon as it arrives: the server must hang up on it.
        let invalid: [(String, [UInt8])] = [
            ("garbage without a version line", random(65_536)),
            ("an SSH-1 version", Array("SSH-1.5-old\r\n".utf8)),
            ("a version line that never ends", Array(("SSH-2.0-" + String(repeating: "x", count: 70_000)).utf8)),
            ("a 4 GiB packet", Array(Self.version.utf8) + Self.packet([20], declaredLength: .max)),
            ("a zero-length packet", Array(Self.version.utf8) + Self.packet([], padding: 0, declaredLength: 0)),
            ("padding longer than the packet", Array(Self.version.utf8) + Self.packet([20, 1, 2], padding: 200, declaredLength: 8)),
            ("an unknown message before key exchange", Array(Self.version.utf8) + Self.packet([200] + random(30))),
            ("a KEXINIT of garbage", Array(Self.version.utf8) + Self.packet([20] + random(600))),
        ]
        for (name, bytes) in invalid {
            let connection = try RawConnection(port: server.port)
            connection.send(bytes)
            #expect(connection.waitForClose(timeout: 5), "the server kept a connection that sent \(name)")
        }
        // Random streams and a truncated packet may merely look unfinished: the server may wait for
        // more (the login grace time ends those); the client then vanishes with a reset.
        var unfinished = [Array(Self.version.utf8) + Array(Self.packet([20] + random(200)).prefix(60))]
        for _ in 0..<150 {
            unfinished.append(Array(Self.version.utf8) + random(Int.random(in: 1...4096, using: &generator)))
        }
        for bytes in unfinished {
            let connection = try RawConnection(port: server.port)
            connection.send(bytes)
            if !connection.waitForClose(timeout: 0.05) { connection.reset() }
        }
        try expectStillServing(server)
    }

    @Test func aHundredConnectionsThatComeAndGoLeaveNoCountBehind() throws {
        let server = try ServedCatalog()
        // A cap of 3 per address: a leaked count would lock the address out.
        try server.start(["--max-per-address", "3"])
        // One at a time, each seen closed before the next: none may be refused.
        func ended() -> Int {
            let log = server.log
            return log.components(separatedBy: "connection closed").count - 1
                + log.components(separatedBy: "refused connection").count - 1
        }
        for cycle in 0..<100 {
            do {
                let connection = try RawConnection(port: server.port)
                if cycle % 2 == 0 { connection.send(Self.version) }
                if cycle % 3 == 0 { connection.reset() }
            }
            let deadline = Date().addingTimeInterval(5)
            while ended() < cycle + 1, Date() < deadline { usleep(5_000) }
        }
        #expect(ended() == 100)
        for _ in 0..<10 {
            let quick = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "guest") + " -T"])
            #expect(quick.status == 2)
        }
        try expectStillServing(server)
        #expect(!server.log.contains("too many connections"))
    }

    @Test func theCapPerAddressRefusesTheExtraConnection() throws {
        let server = try ServedCatalog()
        try server.start(["--max-per-address", "2"])
        let held = try (0..<2).map { _ in try RawConnection(port: server.port) }
        let extra = try RawConnection(port: server.port)
        #expect(extra.waitForClose(timeout: 5))
        #expect(server.log.contains("too many connections from this address"))
        withExtendedLifetime(held) {}
    }

    @Test func clientsThatVanishMidFrameLeaveNoApp() throws {
        let server = try ServedCatalog()
        try server.start(["--generate", "1000000"])
        for round in 0..<5 {
            let client = try AppSession(width: 200, height: 60, dataDirectory: server.dataDirectory)
            try client.terminal.run("clear; \(server.ssh(key: "guest")); echo \"exit1=$?\"")
            try client.waitFor(text: "1,000,000 items", timeout: 20)
            // A burst of full-screen redraws, and the client killed in the middle of it.
            try client.terminal.press(keys: ["Enter"] + Array(repeating: "PageDown", count: 40))
            usleep(UInt32(20_000 * round))
            let ssh = try #require(try client.terminal.foregroundPid())
            kill(ssh, SIGKILL)
        }
        #expect(server.waitForNoApps(timeout: 15).isEmpty)
        try expectStillServing(server)
    }

    @Test func idleAndUnauthenticatedConnectionsAreClosed() throws {
        let server = try ServedCatalog()
        try server.start(["--idle-timeout", "2", "--login-grace-time", "0.5"])
        let silent = try RawConnection(port: server.port)
        #expect(silent.waitForClose(timeout: 5))

        let idle = try AppSession(dataDirectory: server.dataDirectory)
        try idle.terminal.run("clear; \(server.ssh(key: "guest")); echo \"exit1=$?\"")
        try idle.waitFor(text: "51 items")
        // The app is hung up first, so it restores the client's terminal and its status comes through.
        let ended = try idle.terminal.waitFor(timeout: 10) { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(ended.contains("exit1=129"))
        #expect(ended.contains("catalog: no input for 2 s; disconnected"))
        #expect(try idle.terminal.paneValue("#{alternate_on}") == "0")
        #expect(server.waitForNoApps().isEmpty)
        #expect(server.log.contains("closing: idle timeout"))
        #expect(server.log.contains("not authenticated within the login grace time"))
    }

    /// A real session still opens, reaches the list and quits cleanly, and
    /// nothing but the server is running.
    private func expectStillServing(_ server: ServedCatalog) throws {
        let client = try AppSession(dataDirectory: server.dataDirectory)
        try client.terminal.run("clear; \(server.ssh(key: "guest")); echo \"exit1=$?\"")
        try client.waitFor(text: "items", timeout: 20)
        try client.press("q")
        let ended = try client.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(ended.contains("exit1=0"))
        #expect(server.waitForNoApps().isEmpty)
    }
}

