@testable import ShojiSSH
import Foundation
import Testing

/// Key files from outside (the host key, the authorized keys file, a key
/// to link) are opened without blocking, must be regular files and are
/// read only up to a cap: a FIFO or `/dev/zero` there is a one-line error,
/// not a hang at start or a memory that grows without end. Each read runs
/// under a deadline, so a regression fails instead of hanging the run.
@Suite struct RegularFileTests {
    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)").path
    }

    /// `body`'s result within 5 s. On a timeout the test fails; a reader
    /// stuck on `fifo` is let go by opening its other end, and one that
    /// reads a device without end is stopped by ending the test process
    /// before it takes the machine's memory.
    private func withinDeadline<T: Sendable>(unblocking fifo: String? = nil, _ body: @escaping @Sendable () -> T) -> T? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<T>()
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        if done.wait(timeout: .now() + 5) == .success { return box.value }
        Issue.record("the read did not finish within 5 s")
        guard let fifo else { fatalError("a read of a device did not end within 5 s: stopping before it takes the memory") }
        let writer = open(fifo, O_WRONLY | O_CLOEXEC)
        if writer >= 0 { close(writer) }
        _ = done.wait(timeout: .now() + 5)
        return nil
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = temporaryPath("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let hostKey = withinDeadline(unblocking: fifo) { () -> String? in
            do { _ = try HostKeyFile(path: fifo).loadOrCreate() } catch { return "\(error)" }
            return nil
        }
        #expect(hostKey == "host key \(fifo): is a FIFO (a named pipe), not a regular file")
        let authorized = withinDeadline(unblocking: fifo) { () -> String? in
            do { _ = try AuthorizedKeys.load(path: fifo) } catch { return "\(error)" }
            return nil
        }
        #expect(authorized == "cannot read the authorized keys file \(fifo): is a FIFO (a named pipe), not a regular file")
    }

    @Test func aDeviceIsRefusedBeforeAByteIsRead() {
        let authorized = withinDeadline { () -> String? in
            do { _ = try AuthorizedKeys.load(path: "/dev/zero") } catch { return "\(error)" }
            return nil
        }
        #expect(authorized == "cannot read the authorized keys file /dev/zero: is a character device, not a regular file")
        let read = withinDeadline { () -> String? in
            do { _ = try RegularFile.read("/dev/zero", limit: 64 << 10) } catch { return "\(error)" }
            return nil
        }
        #expect(read == "/dev/zero is a character device, not a regular file")
    }

    @Test func aDirectoryIsNamedAsOne() {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: RegularFileError(path: folder, problem: "is a directory, not a regular file")) {
            try RegularFile.read(folder, limit: 1024)
        }
    }

    @Test func aFileLargerThanTheCapIsRefusedWithTheCap() throws {
        let path = temporaryPath("large")
        defer { unlink(path) }
        // Sparse: 65 MiB of nothing on disk, over the authorized keys' 64 MiB.
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 65 << 20) == 0)
        #expect(throws: AuthorizedKeysError(path: path, reason: "is larger than 64 MiB")) { try AuthorizedKeys.load(path: path) }
        #expect(throws: RegularFileError(path: path, problem: "is larger than 64 KiB")) { try RegularFile.read(path, limit: 64 << 10) }
        chmod(path, 0o600)
        #expect(throws: HostKeyError(path: path, problem: "is larger than 64 KiB")) { try HostKeyFile(path: path).load() }
    }

    @Test func aRegularFileIsReadWholeAndAMissingOneIsNil() throws {
        let path = temporaryPath("small")
        defer { unlink(path) }
        try "ssh-ed25519 AAAA\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try RegularFile.read(path, limit: 17) == Array("ssh-ed25519 AAAA\n".utf8))
        #expect(try RegularFile.read(path + ".missing", limit: 17) == nil)
        #expect(throws: RegularFileError(path: path, problem: "is larger than 16 bytes")) { try RegularFile.read(path, limit: 16) }
    }
}

/// A value handed from a thread to the test that waits for it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
