import Foundation
import ShojiTesting
import Testing

/// The process helpers end-to-end tests use to start servers and tools.
@Suite struct SubprocessTests {
    /// A descriptor the test process opened without close-on-exec (as
    /// NIO's client sockets are) must not reach the child: a daemon that
    /// inherited it would keep the test's connection open after the test
    /// closed it.
    @Test func aChildInheritsNoDescriptorButTheStandardThree() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        // ls's own descriptors (/dev/fd is /proc/self/fd on Linux).
        let listing = try Subprocess.run("/bin/ls", ["/dev/fd/"])
        #expect(listing.status == 0)
        let open = Set(listing.standardOutput.split(separator: "\n").compactMap { Int32($0) })
        #expect(!open.contains(ends[0]) && !open.contains(ends[1]), "inherited \(open.sorted())")
        #expect(open.isSuperset(of: [0, 1, 2]))
    }

    /// The test runner's threads block signals; a child must start with none blocked.
    @Test func theDefaultAttributesBlockNoSignal() {
        var attributes: SpawnAttributes = Subprocess.defaultSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigfillset(&mask)
        #expect(posix_spawnattr_getsigmask(&attributes, &mask) == 0)
        #expect(sigismember(&mask, SIGCHLD) == 0 && sigismember(&mask, SIGTERM) == 0)
    }

    @Test func theExitStatusAndBothOutputsAreReported() throws {
        let result = try Subprocess.run("/bin/sh", ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.standardOutput == "out\n" && result.standardError == "err\n")
        let killed = try Subprocess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.status == 128 + SIGTERM)
    }
}
