#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Writes that may pass the process's file size limit (`ulimit -f`; a full
/// disk is tested with `prlimit --fsize`).
///
/// Past the limit the kernel sends SIGXFSZ to the writing thread, and its
/// default action ends the process: the terminal left in curses mode, the
/// data unsaved. `writing` blocks the signal for the calling thread only,
/// while `body` runs, so such a write fails with EFBIG, which the caller
/// reports; a signal left pending is taken before the thread's signal mask
/// is put back. Nothing process-wide changes, so no other thread's or
/// library's handling of the signal is touched.
public enum FileSizeLimit {
    /// Runs `body` (on this thread), in which a write past the file size
    /// limit fails with EFBIG instead of ending the process.
    public static func writing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGXFSZ)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &signals, &previous)
        defer {
            var pending = sigset_t()
            if sigismember(&previous, SIGXFSZ) == 0, sigpending(&pending) == 0, sigismember(&pending, SIGXFSZ) == 1 {
                var now = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&signals, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
