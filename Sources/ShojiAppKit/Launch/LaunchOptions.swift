import Foundation

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
    /// Whether the terminal will report the mouse: the app asked, the user did not refuse.
    public var usesMouse: Bool { mouse && !mouseRefused }

    /// The defaults: colours on, a 40x12 minimum.
    public init() {}

    /// The options this parser knows, for usage lines.
    public static let usage = "[--open PATH] [--restore] [--no-color] [--no-mouse] [--help]"

    /// Parses `arguments` (without the program name). Throws a `LaunchError`
    /// with exit status 64 for a mistake, naming it and the valid options.
    public static func parse(_ arguments: [String]) throws(LaunchError) -> LaunchOptions {
        var options = LaunchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--open":
                guard let path = remaining.popFirst() else {
                    throw LaunchError("--open needs a route path, e.g. --open home", exitStatus: 64)
                }
                options.open = path
            case _ where argument.hasPrefix("--open="):
                options.open = String(argument.dropFirst("--open=".count))
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
}
