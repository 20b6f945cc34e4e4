/// Why the terminal cannot host the UI. Its description is the one line the
/// user sees on stderr: what is wrong and how to fix it.
public struct TerminalError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong.
    public enum Reason: Equatable, Sendable {
        case notATerminal(stream: String)
        case termUnset
        case unknownTerm(String)
        case cannotAddressCursor(String)
        case tooSmall(actual: CellSize, minimum: CellSize)
        case initializationFailed
    }

    /// What is wrong.
    public let reason: Reason

    /// The exit status for this failure (2: the environment cannot host the UI; see the article "Keys and conventions").
    public var exitStatus: Int32 { 2 }

    /// A failure for `reason`.
    public init(_ reason: Reason) { self.reason = reason }

    /// The one line for stderr: what is wrong and how to fix it.
    public var description: String {
        switch reason {
        case .notATerminal(let stream):
            return "\(stream) is not a terminal: run this in a terminal window (or over `ssh -t`)"
        case .termUnset:
            return "TERM is not set: set it to your terminal type, e.g. `export TERM=xterm-256color`"
        case .unknownTerm(let name):
            return "unknown terminal type '\(name)' (TERM): set TERM to a type this system knows, e.g. xterm-256color (`toe -a` lists them)"
        case .cannotAddressCursor(let name):
            return "terminal type '\(name)' cannot move the cursor: use a full-screen terminal type such as TERM=xterm-256color"
        case .tooSmall(let actual, let minimum):
            return "terminal too small: \(actual.width)x\(actual.height), need at least \(minimum.width)x\(minimum.height); enlarge the window"
        case .initializationFailed:
            return "could not initialise the terminal: check TERM and that the terminal is usable"
        }
    }
}
