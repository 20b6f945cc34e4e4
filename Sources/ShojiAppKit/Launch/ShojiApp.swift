#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch
import ShojiPresentation

/// An app built on the kit, from start to exit: terminal checks, the screen,
/// the frame, the root coordinator, `--open` and `--restore`, the event loop,
/// saving where the user is on quit and on signals, and the exit statuses.
///
/// ```swift
/// ShojiApp(name: "notes").run { context in
///     NotesCoordinator(router: context.router)
/// }
/// ```
///
/// Exit statuses: 0 after `q`, 1 for an error the app could not recover
/// from (`fail(_:)`), 2 when the terminal cannot host the UI (not a
/// terminal, `TERM` unset or unknown, too small), 64 for a command-line
/// mistake (an unknown `--open` path included), 128+N after signal N (the
/// terminal is restored first on every path).
///
/// The app holds its root coordinator for as long as it runs, so the root
/// flow cannot be released by accident.
@MainActor
public final class ShojiApp {
    /// The app's name: the header's title and the prefix of its error lines.
    public let name: String
    /// Colours, the minimum size, the Esc delay: set before `run`.
    public var configuration: LaunchConfiguration
    /// Where `--restore` finds the path the last run saved. Default: a file in
    /// the user's state folder (`RouteFile(appName:)`). Nil turns saving off.
    public var routeStore: (any RouteStoring)?
    /// Called just before the process exits after `q` or a signal, once the
    /// terminal is restored and the route saved: flush what must not be
    /// lost. Keep it short.
    public var onExit: (_ status: Int32) -> Void = { _ in }
    /// Asked before the user's quit (`q`, Ctrl-Q, the palette's quit) ends
    /// the app: return true to quit now, false to stay. Staying is for an
    /// app with something to lose (a change it could not save): it asks the
    /// user first (an alert, say) and calls `quit(status:)` itself when the
    /// answer is to quit. Nil, the default, quits at once. Signals (Ctrl-C,
    /// a closed terminal or ssh connection) are not asked: they end the app.
    public var shouldQuit: (@MainActor () -> Bool)?

    var loop: TerminalEventLoop?
    private var root: Coordinator?
    private var firstPaintActions: [@MainActor () -> Void] = []

    /// An app named `name`; `run` starts it.
    public init(name: String, configuration: LaunchConfiguration = LaunchConfiguration()) {
        self.name = name
        self.configuration = configuration
        self.routeStore = RouteFile(appName: name)
    }

    /// An app with no options of its own: parses `arguments` (without the
    /// program name) for the kit's options (``ShojiOptions``) under the
    /// app's `name`. `--help` prints them and exits 0, and so does
    /// `--version` with the app's `version` (nil: none) and Shoji's
    /// (``versionLine(name:version:)``); a mistake exits 64 with one line on
    /// stderr; all before the terminal is touched. `run` starts the app.
    public convenience init(name: String, version: String? = nil, arguments: [String]) {
        do throws(LaunchError) {
            let options = try ShojiApp.parseOptions(arguments, name: name, version: version)
            self.init(name: name, configuration: options.launchConfiguration)
        } catch {
            ShojiApp.exit(name: name, error)
        }
    }

    /// The kit's options from `arguments`, with the help and usage lines
    /// naming the app `name` and `--version` giving its `version` (what
    /// `init(name:version:arguments:)` parses).
    nonisolated public static func parseOptions(_ arguments: [String], name: String,
                                                version: String? = nil) throws(LaunchError) -> ShojiOptions {
        try KitCommand.parse(arguments, name: name, version: version)
    }

    /// What `--version` prints: the app's name, its version when it gives
    /// one, and the framework's (`ShojiVersion.current`), as
    /// `notes 1.2.0 (Shoji 0.1.0)` or `notes (Shoji 0.1.0)`.
    nonisolated public static func versionLine(name: String, version: String?) -> String {
        let app = version.map { $0.isEmpty ? name : "\(name) \($0)" } ?? name
        return "\(app) (Shoji \(ShojiVersion.current))"
    }

    /// Checks, without touching it, that the terminal can host the UI (exit
    /// status 2 otherwise). `run` checks too; an app calls this first when it
    /// has other start-up work (a data folder to open), so a bad terminal
    /// fails before any of it and leaves nothing behind.
    public func verifyTerminal() throws(LaunchError) {
        do { try TerminalScreen.verify(configuration: screenConfiguration) } catch { throw LaunchError(error.description, exitStatus: 2) }
    }

    /// The screen the configuration asks for.
    private var screenConfiguration: TerminalScreen.Configuration {
        TerminalScreen.Configuration(minimumSize: configuration.minimumSize, colors: configuration.colors)
    }

    /// Runs `action` once the first frame is on the terminal.
    public func afterFirstPaint(_ action: @escaping @MainActor () -> Void) {
        firstPaintActions.append(action)
    }

    // MARK: Running

    /// Starts the app with the root coordinator `makeRoot` builds, and never
    /// returns: the process exits with one of the statuses above.
    ///
    /// `makeRoot` is escaping although it runs once, before `run` would
    /// return: Swift 6.3's optimizer crashes (an ownership check in
    /// CopyPropagation) on a non-escaping closure that captures optionals and
    /// is passed to a `Never`-returning function, as the catalog's launcher did.
    public func run<Root: Coordinator>(_ makeRoot: @escaping (AppContext) -> Root) -> Never {
        do throws(LaunchError) {
            try start(makeRoot)
        } catch {
            ShojiApp.exit(name: name, error)
        }
    }

    private func start<Root: Coordinator>(_ makeRoot: @escaping (AppContext) -> Root) throws(LaunchError) -> Never {
        // A command-line mistake (an unknown `--open` path) first, then the
        // terminal: both before the screen starts.
        let requested = try requestedPath(resolvedBy: Root.self)
        let context = try startScreen()
        try begin(makeRoot(context), opening: requested)
        startLoop()
    }

    /// Checks the terminal, starts the screen and the loop's parts (the
    /// recording, the frame, the root router) without running the loop.
    func startScreen() throws(LaunchError) -> AppContext {
        try verifyTerminal()
        let screen: TerminalScreen
        do { screen = try TerminalScreen.start(configuration: screenConfiguration) } catch {
            throw LaunchError(error.description, exitStatus: 2)
        }
        screen.mouseReporting = configuration.usesMouse
        let loop = TerminalEventLoop(screen: screen)
        if let path = configuration.recording {
            let recording: SessionRecorder
            do throws(LaunchError) { recording = try SessionRecorder(path: path, size: screen.size, title: name) } catch {
                screen.end()
                throw error
            }
            screen.onFrameWritten = { recording.record(frame: $0) }
            loop.onResize = { recording.record(resize: $0) }
        }
        let router = StackRouter()
        let frame = AppFrame(screen: screen, rootRouter: router, title: name)
        // A split's preview waits for the selection to rest while keys come fast.
        frame.host.clock = loop.clock
        self.loop = loop
        frame.onQuit = { [unowned self] in requestQuit() }
        loop.onKey = { key in frame.handle(key) }
        loop.onTermination = { [unowned self] signal in
            saveRoute()
            onExit(signal.exitStatus)
        }
        return AppContext(app: self, screen: screen, clock: loop.clock, router: router, frame: frame)
    }

    /// Starts `root` and opens `requested` on it. A path from the command
    /// line that does not open (its item is not there) ends the screen and
    /// throws status 64; a saved one that no longer opens is dropped.
    func begin(_ root: Coordinator, opening requested: (RoutePath, Bool)?) throws(LaunchError) {
        self.root = root
        if configuration.open != nil || configuration.restore, !(root is any RouteResolving) {
            // An app without routes: either option is a command-line
            // mistake (one line, status 64), not a request silently ignored.
            loop?.screen.end()
            let option = configuration.open != nil ? "--open" : "--restore"
            throw LaunchError("\(option) needs route paths, and \(name) has none "
                              + "(its root coordinator does not adopt RouteResolving)", exitStatus: 64)
        }
        root.start()
        if let (path, fromCommandLine) = requested, let resolver = root as? any RouteResolving {
            do {
                try resolver.open(path, on: root.router)
            } catch where fromCommandLine {
                loop?.screen.end()
                throw LaunchError("cannot open '\(path)': \(error)", exitStatus: 64)
            } catch {
                // A saved path that no longer opens (its item is gone): start fresh.
            }
        }
        for action in firstPaintActions { DispatchQueue.main.async { MainActor.assumeIsolated { action() } } }
        firstPaintActions = []
        // What only the start used (its code, the loader's relocation table,
        // the heap it freed) is handed back once the first frame is out, so
        // that the process's PSS is what its loop uses (Benchmarks/HISTORY.md,
        // "A process's fixed memory").
        DispatchQueue.main.async { ProcessMemory.release() }
        // The first seconds after it still run code once (a monitor's first
        // refresh with a sample to compare, the first timers), and the pages
        // it brought back would stay mapped: handed back once more, so what
        // stays is what the loop runs (Benchmarks/HISTORY.md, "`ShojiApp`'s
        // second release").
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.secondRelease) { ProcessMemory.releaseStartupCode() }
    }

    /// How long after the first frame the code the start ran is released again.
    private static let secondRelease: DispatchTimeInterval = .seconds(5)

    /// Runs the event loop until the app exits.
    func startLoop() -> Never {
        guard let loop else { preconditionFailure("startScreen() comes first") }
        loop.run()
    }

    /// `--open`'s path, checked before the screen starts, else the saved one
    /// with `--restore` (silently dropped when it no longer validates).
    /// `root` checks it when it adopts `RouteResolving`; without a path to
    /// check nobody asks, as the cast's first use scans every conformance
    /// record of a static binary (Benchmarks/HISTORY.md, "The conformance scans").
    /// A root that does not adopt it has no routes, which only its instance
    /// can tell (a root's static type may be a superclass or a protocol):
    /// `begin` refuses either option then.
    func requestedPath<Root>(resolvedBy root: Root.Type) throws(LaunchError) -> (RoutePath, Bool)? {
        guard configuration.open != nil || configuration.restore else { return nil }
        let resolver = root as? any RouteResolving.Type
        if let path = try configuration.openPath(checkedBy: resolver) { return (path, true) }
        guard configuration.restore, let saved = routeStore?.loadRoute(), let path = try? RoutePath(saved) else { return nil }
        if let resolver, (try? resolver.validate(path)) == nil { return nil }
        return (path, false)
    }

    // MARK: Ending

    /// Saves where the user is (the root's `currentPath`, when it resolves
    /// routes) to `routeStore`. Called on quit and on signals; call it at
    /// other moments worth remembering (before signing out, say).
    public func saveRoute() {
        guard let store = routeStore, let resolver = root as? any RouteResolving,
              let path = resolver.currentPath else { return }
        try? store.saveRoute(path.description)
    }

    /// The user asked to quit (`q`, Ctrl-Q, the palette): quits with status
    /// 0 unless ``shouldQuit`` says to stay.
    public func requestQuit() {
        if shouldQuit?() ?? true { quit() }
    }

    /// Restores the terminal, saves the route and exits with `status`. The
    /// terminal comes first: the user has their screen back while the route
    /// and `onExit`'s work are written.
    public func quit(status: Int32 = 0) -> Never {
        loop?.screen.end()
        saveRoute()
        onExit(status)
        guard let loop else { EssentialsShims.exitProcess(status) }
        loop.terminate(status: status)
    }

    /// Ends the app for an error it cannot recover from: the terminal is
    /// restored, `message` goes to stderr, and the status is 1.
    public func fail(_ message: String) -> Never {
        loop?.screen.end()
        ShojiApp.exit(name: name, LaunchError(message, exitStatus: 1))
    }

    static func exit(name: String, _ error: LaunchError) -> Never {
        error.exit(program: name)
    }
}

/// What the root coordinator is built with: the app's screen, clock, root
/// router and frame.
@MainActor
public struct AppContext {
    /// The running app: `quit(status:)`, `fail(_:)`, `saveRoute()`.
    public let app: ShojiApp
    /// The terminal screen.
    public let screen: TerminalScreen
    /// The loop's clock: spinners, toasts and timers run on it.
    public let clock: any LoopClock
    /// The root stack: the root coordinator's router.
    public let router: StackRouter
    /// The frame around the screens (its `appBindings` add app-wide keys).
    public let frame: AppFrame
}
