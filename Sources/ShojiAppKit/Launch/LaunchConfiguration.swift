#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import ShojiCurses

/// What an app built on the kit runs with: what the user chose on the
/// command line (``ShojiOptions``, parsed by swift-argument-parser) and
/// what the app sets itself (its minimum size, whether it wants the mouse).
public struct LaunchConfiguration: Sendable {
    /// A route path to open at start (deep link); checked before the screen starts.
    public var open: String?
    /// Reopen where the last run quit (its saved route path).
    public var restore = false
    /// False draws without colours whatever the terminal can do (`NO_COLOR` does the same).
    public var colors = true
    /// The smallest terminal the app can use; smaller fails at start with exit
    /// status 2 and shows "terminal too small" if the window shrinks later.
    public var minimumSize = CellSize.defaultMinimum
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

    /// `open` as a route path that `resolver` (the root coordinator's type,
    /// if it resolves routes) accepts; nil without `--open`. Throws a
    /// `LaunchError` with status 64 naming the path, what is wrong with it
    /// and the valid forms: a command-line mistake, found before the screen
    /// starts.
    @MainActor
    public func openPath(checkedBy resolver: (any RouteResolving.Type)?) throws(LaunchError) -> RoutePath? {
        guard let open else { return nil }
        do {
            let path = try RoutePath(open)
            try resolver?.validate(path)
            return path
        } catch {
            throw LaunchError("cannot open '\(open)': \(error)", exitStatus: 64)
        }
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
        EssentialsShims.write(text, toStandardError: toStandardError)
        EssentialsShims.exitProcess(exitStatus)
    }
}
