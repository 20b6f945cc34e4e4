#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// Turns the signals the UI cares about into bytes on a pipe that the event
/// loop reads on the main queue.
///
/// Installed before `newterm`, on purpose: ncurses only takes over SIGTSTP,
/// SIGINT, SIGTERM and SIGWINCH when they still have their default action,
/// and its own SIGTSTP handling ignores the signal while `doupdate` runs, so a
/// Ctrl-Z typed during a redraw would be lost.
@MainActor
enum SignalPipe {
    static let forwarded = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT]
    private static var descriptors: [Int32] = [-1, -1]

    /// The end the loop reads signal numbers from (one byte each).
    static var readDescriptor: Int32 { descriptors[0] }
    /// The end the handlers write to.
    static var writeDescriptor: Int32 { descriptors[1] }

    /// Creates the pipe and installs the handlers once.
    static func install() {
        guard descriptors[0] < 0, pipe(&descriptors) == 0 else { return }
        for fd in descriptors {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        for signal in forwarded { cn_forward_signal(signal, descriptors[1]) }
    }
}
