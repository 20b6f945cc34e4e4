#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Why a tool's run failed: what happened, the command line, and the end
/// of what the program wrote to standard error.
///
/// Its ``description`` is one line for an alert or a log: the command, what
/// went wrong, and (for a program that failed) the last line it wrote to
/// standard error or the way to fix it.
public struct ToolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// No program of that name in `PATH` (or at that path).
        case notFound
        /// `posix_spawn` failed with this `errno` (not executable, too many
        /// processes, ...).
        case couldNotStart(Int32)
        /// The tool's working directory is not a directory there is.
        case noSuchDirectory(String)
        /// The program ended, but not with status 0.
        case failed(ToolExit)
        /// The run took longer than the tool's timeout and was ended.
        case timedOut(Duration)
        /// The program wrote more than the tool's output limit (in bytes)
        /// and was ended.
        case outputLimitPassed(Int)
        /// The task was cancelled (or the reader stopped) and the run was
        /// ended.
        case cancelled
    }

    /// How much of standard error an error keeps: its last 4 KiB.
    public static let standardErrorTail = 4096

    /// What went wrong.
    public var reason: Reason
    /// The command line, escaped for display (``Tool/commandLine``).
    public var commandLine: String
    /// The last 4 KiB the program wrote to standard error, as UTF-8 with
    /// invalid bytes replaced.
    public var standardError: String
    /// The `PATH` searched, for ``Reason/notFound``.
    public var searchPath: String?

    /// An error of `tool`'s run.
    public init(_ reason: Reason, tool: Tool, standardError: String = "", searchPath: String? = nil) {
        self.reason = reason
        self.commandLine = tool.commandLine
        self.standardError = standardError
        self.searchPath = searchPath
    }

    /// How the program ended, when it ended by itself.
    public var exit: ToolExit? {
        if case .failed(let exit) = reason { return exit }
        return nil
    }

    /// One line: the command line, what went wrong, and the last line of
    /// standard error or how to fix it.
    public var description: String {
        let program = commandLine.split(separator: " ", maxSplits: 1).first.map(String.init) ?? commandLine
        switch reason {
        case .notFound:
            guard let searchPath else { return "\(program): no such program: check its path" }
            return "\(program): command not found in PATH (\(searchPath)): install it or give its full path"
        case .noSuchDirectory(let directory):
            return "\(commandLine): no directory \(ToolCommandLine.quoted(directory)) to run in"
        case .couldNotStart(let code):
            return "\(commandLine): could not start: \(ToolError.message(errno: code))"
        case .failed(let exit):
            let last = ToolError.lastLine(of: standardError)
            return "\(commandLine): \(exit)" + (last.isEmpty ? "" : ": \(last)")
        case .timedOut(let timeout):
            return "\(commandLine): still running after \(ToolError.seconds(timeout)), ended"
        case .outputLimitPassed(let limit):
            return "\(commandLine): wrote more than \(limit) bytes, ended (raise the tool's outputLimit or read its lines())"
        case .cancelled:
            return "\(commandLine): cancelled, ended"
        }
    }

    /// The last line of `text` with anything in it, escaped.
    static func lastLine(of text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
        return ToolCommandLine.escapedLine(String(line))
    }

    static func message(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
