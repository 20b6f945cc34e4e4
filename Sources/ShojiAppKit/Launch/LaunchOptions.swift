import Foundation
import ShojiCurses

/// What an app built on the kit takes from its command line. An app with its
/// own parser (swift-argument-parser, say) fills one in; a small app calls
/// `parse(_:)` and gets `--open PATH`, `--restore` and `--no-color` for free.
public struct LaunchOptions: Sendable {
    /// A route path to open at start (deep link); checked before the screen starts.
    public var open: String?
    /// Reopen where the last run quit (its saved route path).
    public var restore = false
    /// False draws without colours whatever the terminal can do (`NO_COLOR` does the same).
    public var colors = true
    /// The smallest terminal the app can use; smaller fails at start with exit
    /// status 2 and shows "terminal too small" if the window shrinks later.
    public var minimumSize = CellSize(width: 40, height: 12)
    /// The app wants mouse reports (wheel, clicks): an app opts in by setting
    /// it; the user turns it off with `--no-mouse`. Off by default.
    public var mouse = false
    /// `--no-mouse`: the user refused mouse reporting, whatever `mouse` says.
    public var mouseRefused = false
    /// `--record FILE`: the session is written to FILE as an asciinema v2
    /// cast (every frame with its time, and resizes), for `asciinema play`.
    public var recording: String?
    /// Whether the terminal will report the mouse: the app asked, the user did not refuse.
    public var usesMouse: Bool { mouse && !mouseRefused }

    /// The defaults: colours on, a 40x12 minimum.
    public init() {}

    /// The options this parser knows, for usage lines.
    public static let usage = "[--open PATH] [--restore] [--no-color] [--no-mouse] [--record FILE] [--help]"

    /// Parses `arguments` (without the program name). Throws a `LaunchError`
    /// with exit status 64 for a mistake, naming it and the valid options.
    public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if let path = try value(of: "--open", in: argument, rest: &remaining, needing: "a route path, e.g. --open home") {
                options.open = path
                continue
            }
            if let file = try value(of: "--record", in: argument, rest: &remaining,
                                    needing: "a file to write the session to, e.g. --record demo.cast") {
                options.recording = file
                continue
            }
            switch argument {
            case "--restore":
                options.restore = true
            case "--no-color":
                options.colors = false
            case "--no-mouse":
                options.mouseRefused = true
            case "--help", "-h":
                throw LaunchError("usage: \(LaunchOptions.usage)", exitStatus: 0)
            default:
                throw LaunchError("unknown option '\(argument)'; usage: \(LaunchOptions.usage)", exitStatus: 64)
            }
        }
        if options.open != nil, options.restore {
            throw LaunchError("use --open or --restore, not both", exitStatus: 64)
        }
        return options
    }

    /// The value of `name` when `argument` is it (`--name VALUE`, taking the
    /// next argument, or `--name=VALUE`); nil for any other argument.
    private static func value(of name: String, in argument: String, rest: inout ArraySlice<String>,
                              needing what: String) throws(LaunchError) -> String? {
        if argument == name {
            guard let value = rest.popFirst() else { throw LaunchError("\(name) needs \(what)", exitStatus: 64) }
            return value
        }
        guard argument.hasPrefix(name + "=") else { return nil }
        return String(argument.dropFirst(name.count + 1))
    }
}

/// A start-up failure: the one line to print on stderr and the exit status
/// (2: the terminal cannot host the UI; 64: a command-line mistake; 1: other).
public struct LaunchError: Error, CustomStringConvertible, Sendable {
    /// The one line to print on stderr.
    public let description: String
    /// The status to exit with.
    public let exitStatus: Int32

    /// A failure that prints `description` and exits with `exitStatus`.
    public init(_ description: String, exitStatus: Int32) {
        self.description = description
        self.exitStatus = exitStatus
    }

    /// What `exit(program:)` prints: `description` alone for status 0 (help
    /// on stdout); otherwise one line for stderr, `program: description`,
    /// with control characters escaped, since a path or name the user typed
    /// may hold escape sequences and must not drive their terminal.
    public func message(program: String) -> (text: String, toStandardError: Bool) {
        exitStatus == 0 ? (description + "\n", false)
            : ("\(program): \(ControlCharacters.escaped(description))\n", true)
    }

    /// Prints `message(program:)` and exits with `exitStatus`: how an app
    /// ends on a command-line mistake before its screen starts.
    public func exit(program: String) -> Never {
        let (text, toStandardError) = message(program: program)
        (toStandardError ? FileHandle.standardError : FileHandle.standardOutput).write(Data(text.utf8))
        Foundation.exit(exitStatus)
    }
}
