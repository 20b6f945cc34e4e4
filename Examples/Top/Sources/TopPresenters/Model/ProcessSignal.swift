#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// A signal the sheet offers.
package enum ProcessSignal: String, CaseIterable, Sendable {
    case term = "TERM", kill = "KILL", hup = "HUP", int = "INT", stop = "STOP", cont = "CONT", usr1 = "USR1", usr2 = "USR2"

    /// The signal's number on this system.
    package var number: Int32 {
        switch self {
        case .term: SIGTERM
        case .kill: SIGKILL
        case .hup: SIGHUP
        case .int: SIGINT
        case .stop: SIGSTOP
        case .cont: SIGCONT
        case .usr1: SIGUSR1
        case .usr2: SIGUSR2
        }
    }

    /// Ends or stops the process: asked first.
    package var isDestructive: Bool { self == .kill || self == .term || self == .stop }

    /// What it usually does, for the sheet.
    package var meaning: String {
        switch self {
        case .term: "ask to end"
        case .kill: "end at once"
        case .hup: "hang up (reload)"
        case .int: "interrupt"
        case .stop: "stop (pause)"
        case .cont: "continue"
        case .usr1: "user signal 1"
        case .usr2: "user signal 2"
        }
    }
}

/// Why a signal was not sent: the kernel's `strerror`.
package struct SignalError: Error, Equatable, Sendable {
    package var reason: String
    package init(reason: String) { self.reason = reason }
}

/// Sends signals; tests put a fake in its place.
@MainActor
package protocol ProcessSignalling: AnyObject {
    func send(_ signal: ProcessSignal, to pid: Int32) throws(SignalError)
}

/// `kill(2)`.
@MainActor
package final class KernelSignaller: ProcessSignalling {
    package init() {}

    package func send(_ signal: ProcessSignal, to pid: Int32) throws(SignalError) {
        guard pid > 0 else { throw SignalError(reason: String(cString: strerror(EINVAL))) }
        if kill(pid, signal.number) != 0 { throw SignalError(reason: String(cString: strerror(errno))) }
    }
}
