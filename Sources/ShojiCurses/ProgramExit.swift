/// How a program run in the foreground ended: its exit status, or the
/// signal that ended it.
public enum ProgramExit: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status (0: success).
    case exited(Int32)
    /// A signal ended it (an uncaught SIGINT from Ctrl-C is 2).
    case signalled(Int32)

    /// Exited with status 0.
    public var succeeded: Bool { self == .exited(0) }

    /// The status a shell would report: the exit status, or 128 + signal.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signalled(let signal): 128 + signal
        }
    }

    /// "exited with status 1", "ended by signal 2 (SIGINT)".
    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal):
            Self.signalNames[signal].map { "ended by signal \(signal) (\($0))" } ?? "ended by signal \(signal)"
        }
    }

    /// The same names and numbers on Linux and macOS.
    private static let signalNames: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 8: "SIGFPE", 9: "SIGKILL",
        11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    ]

    /// The exit from a `waitpid` status; nil when it says the child only stopped.
    init?(waitStatus status: Int32) {
        let signal = status & 0x7F
        if signal == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if signal != 0x7F {
            self = .signalled(signal)
        } else {
            return nil
        }
    }
}
