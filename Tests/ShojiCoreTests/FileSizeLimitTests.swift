import Foundation
import ShojiCore
import Testing

/// A write past the file size limit (`ulimit -f`) must fail with EFBIG and
/// leave the process running; without `FileSizeLimit.writing`, SIGXFSZ ends
/// it. Each case runs in a process of its own: the limit is process-wide.
struct FileSizeLimitTests {
    /// Lets SIGXFSZ reach this thread, as an app's main thread does (the
    /// test runs on a dispatch worker thread, which libdispatch starts with
    /// most signals blocked).
    private static func unblockTheSignal() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGXFSZ)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Limits files to 16 bytes, then writes 64 to a new file.
    private static func writePastTheLimit() -> (written: Int, error: Int32) {
        var limit = rlimit(rlim_cur: 16, rlim_max: 16)
        #expect(setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit) == 0)
        let path = FileManager.default.temporaryDirectory.path + "/file-size-limit-\(getpid())"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            close(descriptor)
            unlink(path)
        }
        let bytes = [UInt8](repeating: 0x61, count: 64)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result <= 0 { return (written, errno) }
            written += result
        }
        return (written, 0)
    }

    @Test func aWritePastTheLimitFailsWithEFBIGAndTheProcessGoesOn() async {
        await #expect(processExitsWith: .success) {
            Self.unblockTheSignal()
            let (written, error) = FileSizeLimit.writing { Self.writePastTheLimit() }
            #expect(written == 16 && error == EFBIG)
            // The signal was taken, not left pending for after the block.
            var pending = sigset_t()
            sigpending(&pending)
            #expect(sigismember(&pending, SIGXFSZ) == 0)
        }
    }

    @Test func withoutItTheSignalEndsTheProcess() async {
        await #expect(processExitsWith: .signal(SIGXFSZ)) {
            Self.unblockTheSignal()
            _ = Self.writePastTheLimit()
        }
    }
}
