/// How a tool's process ended.
public enum ToolExit: Sendable, Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (SIGTERM 15, SIGKILL 9, SIGSEGV 11, ...).
    case signalled(Int32)

    /// From `waitpid`'s status word.
    init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// Whether it exited with status 0.
    public var succeeded: Bool { self == .exited(0) }

    /// "exited with status N" or "ended by signal N".
    public var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "ended by signal \(signal)"
        }
    }
}
