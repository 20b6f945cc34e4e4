#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Another program to run on the app's terminal (an editor, a pager, a
/// shell): its arguments exactly as the kernel gets them, the first one the
/// program, looked up in `PATH` when it has no slash. No shell ever reads
/// them, so a space, a quote or a leading dash in an argument is just a byte.
///
/// Arguments are bytes, not text: a file name that is not UTF-8 still
/// reaches the program unchanged.
public struct ExternalProgram: Sendable, Equatable, CustomStringConvertible {
    /// The program, then its arguments, each without its terminating NUL.
    public var arguments: [[UInt8]]

    /// A program and its arguments as text (`ExternalProgram(["less", path])`).
    public init(_ arguments: [String]) {
        self.arguments = arguments.map { Array($0.utf8) }
    }

    /// A program and its arguments as bytes.
    public init(argumentBytes: [[UInt8]]) {
        self.arguments = argumentBytes
    }

    /// The program named by a command setting such as `$EDITOR` or `$PAGER`
    /// (`"vim"`, `"code --wait"`: words split at white space, no quoting and
    /// no shell), opening `file` (see ``safeFileArgument(_:)``). Nil when
    /// `command` has no words.
    public init?(command: String, opening file: [UInt8]) {
        let words = command.split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
        guard !words.isEmpty else { return nil }
        self.arguments = words + [Self.safeFileArgument(file)]
    }

    /// The user's editor opening `file`: `$VISUAL`, else `$EDITOR`, else `vi`
    /// (a setting of only white space counts as unset).
    public static func editor(opening file: [UInt8],
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalProgram
    {
        ExternalProgram(command: environment["VISUAL"] ?? "", opening: file)
            ?? ExternalProgram(command: environment["EDITOR"] ?? "", opening: file)
            ?? ExternalProgram(argumentBytes: [Array("vi".utf8), safeFileArgument(file)])
    }

    /// The user's pager showing `file`: `$PAGER`, else `less`.
    public static func pager(opening file: [UInt8],
                             environment: [String: String] = ProcessInfo.processInfo.environment) -> ExternalProgram
    {
        ExternalProgram(command: environment["PAGER"] ?? "", opening: file)
            ?? ExternalProgram(argumentBytes: [Array("less".utf8), safeFileArgument(file)])
    }

    /// `file` as an argument no program can take for an option: a path that
    /// does not start with `/` gets `./` in front (`-rf` becomes `./-rf`),
    /// which works whether or not the program understands `--`.
    public static func safeFileArgument(_ file: [UInt8]) -> [UInt8] {
        file.first == UInt8(ascii: "/") ? file : Array("./".utf8) + file
    }

    /// The program's name as text (invalid UTF-8 as U+FFFD). Raw: the
    /// screen draws controls as pictures; escape it before stderr or a log.
    public var name: String { String(decoding: arguments.first ?? [], as: UTF8.self) }

    /// The whole command as text, words joined by spaces (raw, as `name`).
    public var description: String {
        arguments.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }
}
