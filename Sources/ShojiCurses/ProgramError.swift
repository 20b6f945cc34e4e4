#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// A program that could not be run in the foreground: not found, not
/// executable, or the app has no running loop to lend the terminal from.
public struct ProgramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The program's name as given (raw text: escape it before stderr).
    public var program: String
    /// The `errno` that `posix_spawn` or `waitpid` reported (0 when none did).
    public var code: Int32
    /// What went wrong, in a few words ("No such file or directory").
    public var reason: String

    /// An error for `program` with `errno` value `code`.
    public init(program: String, code: Int32) {
        self.program = program
        self.code = code
        self.reason = String(cString: strerror(code))
    }

    /// An error for `program` with a reason of its own.
    public init(program: String, reason: String) {
        self.program = program
        self.code = 0
        self.reason = reason
    }

    /// "cannot run 'vi': No such file or directory".
    public var description: String { "cannot run '\(program)': \(reason)" }
}
