import Foundation
import ShojiAppKit
#if canImport(Testing)
// Absent when the Swift runtime is linked statically (`--static-swift-stdlib`):
// then the harness still works, and reports to stderr instead.
import Testing
#endif

/// The whole app kit on a headless terminal, for screen tests: a
/// `TerminalScreen` of a chosen size drawn into nowhere, an `AppFrame`
/// around a root `StackRouter`, and a `VirtualLoopClock`.
///
/// Each step renders once at its end, as the event loop renders once per
/// batch of events, so what ``lines``, ``attributeLines`` and ``cursor`` read
/// back is what a user would see after that step.
///
///     @Test func settingsShowsItsTitle() async {
///         await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
///             harness.start(AppCoordinator(router: harness.router))
///             harness.press(.down, .enter)
///             #expect(harness.lines[0] == " app › Home › Settings")
///             harness.expectSnapshot("settings")
///         }
///     }
///
/// ncurses is process-wide and Swift Testing runs tests in parallel, so a
/// harness holds the process-wide ``ScreenHarnessLock`` from creation to
/// ``end()``: ``withScreenHarness(size:title:colors:minimumSize:backKeys:_:)``
/// waits for it (without blocking the main actor); the synchronous
/// initialiser cannot wait and records an issue saying to put the suite in
/// `.serialized` when another harness is alive.
@MainActor
public final class ScreenHarness {
    /// The headless terminal.
    public let screen: TerminalScreen
    /// The root stack: give it to the root coordinator.
    public let router: StackRouter
    /// The frame (header, tab bar, footer, key order) around the screens.
    public let frame: AppFrame
    /// Virtual time: timers (spinners, toasts) fire only on ``advance(by:)``.
    public let clock: VirtualLoopClock
    /// The root coordinator given to ``start(_:)``, held as the app holds it.
    public private(set) var root: Coordinator?
    /// How many times the frame was asked to quit (`q`); the app would have exited.
    public private(set) var quitRequests = 0
    /// Whether ``end()`` has run.
    public private(set) var isEnded = false
    private let ownsLock: Bool

    #if canImport(Testing)
    /// A harness with a screen of `size` (80x24 by default) whose header shows `title`.
    ///
    /// Prefer ``withScreenHarness(size:title:colors:minimumSize:backKeys:_:)``
    /// in tests that may run in parallel with other screen tests. This
    /// initialiser takes the process-wide lock if it is free, and otherwise
    /// records an issue at the caller (and goes on, unprotected).
    public convenience init(size: CellSize = CellSize(width: 80, height: 24), title: String = "app",
                            colors: Bool = true, minimumSize: CellSize = CellSize(width: 1, height: 1),
                            backKeys: BackKeys = .standard, fileID: String = #fileID, filePath: String = #filePath,
                            line: Int = #line, column: Int = #column)
    {
        let locked = ScreenHarnessLock.tryAcquire()
        if !locked {
            Issue.record(Comment(rawValue: ScreenHarnessLock.busyMessage),
                         sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
        }
        self.init(size: size, title: title, colors: colors, minimumSize: minimumSize, backKeys: backKeys, ownsLock: locked)
    }
    #else
    /// A harness with a screen of `size` (80x24 by default) whose header shows `title`.
    ///
    /// Takes the process-wide lock if it is free, and otherwise says so on
    /// stderr (and goes on, unprotected).
    public convenience init(size: CellSize = CellSize(width: 80, height: 24), title: String = "app",
                            colors: Bool = true, minimumSize: CellSize = CellSize(width: 1, height: 1),
                            backKeys: BackKeys = .standard)
    {
        let locked = ScreenHarnessLock.tryAcquire()
        if !locked { FileHandle.standardError.write(Data((ScreenHarnessLock.busyMessage + "\n").utf8)) }
        self.init(size: size, title: title, colors: colors, minimumSize: minimumSize, backKeys: backKeys, ownsLock: locked)
    }
    #endif

    init(size: CellSize, title: String, colors: Bool, minimumSize: CellSize, backKeys: BackKeys, ownsLock: Bool) {
        self.ownsLock = ownsLock
        screen = TerminalScreen.headless(size: size, colors: colors, minimumSize: minimumSize)
        router = StackRouter()
        clock = VirtualLoopClock()
        frame = AppFrame(screen: screen, rootRouter: router, title: title, backKeys: backKeys)
        frame.onQuit = { [weak self] in self?.quitRequests += 1 }
        screen.render()
    }

    isolated deinit {
        end()
    }

    /// Starts `root` (whose router should be ``router``), keeps it alive like
    /// the app does, and renders.
    public func start(_ root: Coordinator) {
        self.root = root
        root.start()
        screen.render()
    }

    // MARK: Steps

    /// Handles `keys` in the frame's order as one batch, then renders.
    public func press(_ keys: TerminalKey...) { press(keys) }

    /// Handles `keys` in the frame's order as one batch, then renders.
    public func press(_ keys: [TerminalKey]) {
        for key in keys { frame.handle(key) }
        screen.render()
    }

    /// Types `text` one character at a time as one batch (a paste), then renders.
    public func type(_ text: String) { press(text.map { TerminalKey.character($0) }) }

    /// Handles one key without rendering (part of a batch you end with ``render()``);
    /// false when nothing used it.
    @discardableResult
    public func handle(_ key: TerminalKey) -> Bool { frame.handle(key) }

    /// Feeds `bytes` as the terminal would send them (escape sequences
    /// included), decodes them into keys as the event loop does, handles
    /// them as one batch and renders.
    public func send(bytes: String) {
        screen.feed(bytes)
        press(screen.pendingKeys())
    }

    /// Resizes the terminal (every panel is laid out again), then renders.
    public func resize(to size: CellSize) {
        screen.resize(to: size)
        screen.render()
    }

    /// Moves virtual time forward, firing due timers in order, then renders.
    public func advance(by duration: Duration) {
        clock.advance(by: duration)
        screen.render()
    }

    /// Draws what changed, as the end of an event loop batch does.
    public func render() { screen.render() }

    /// Lets the main actor run what the last steps started, then renders: a
    /// change an `@Observable` model made reaches the screens observing it
    /// (`ScreenWork.observe`) on a later turn, as in the running app, so a
    /// step that changes a model is followed by `await harness.settle()`
    /// before the screen is read or kept in a snapshot. Waits until no
    /// delivery is pending (changes that cause further changes included),
    /// for at most `turns` turns.
    public func settle(turns: Int = 100) async {
        var turn = 0
        repeat {
            await Task.yield()
            turn += 1
        } while ScreenObservation.hasPendingDeliveries && turn < turns
        screen.render()
    }

    // MARK: Reading back

    /// The composed screen now (rendering what is pending first).
    public func snapshot() -> ScreenSnapshot { screen.snapshot() }

    /// Each row's text, trailing spaces removed.
    public var lines: [String] { snapshot().lines }

    /// The attribute layer, one mark a cell (see `ScreenSnapshot/attributeLines`).
    public var attributeLines: [String] { snapshot().attributeLines }

    /// Where the text cursor is, or nil while it is hidden.
    public var cursor: CellPoint? { snapshot().cursor }

    /// The whole screen as one string, rows joined by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// Whether any row contains `text`.
    public func contains(_ text: String) -> Bool { snapshot().contains(text) }

    /// The screen the user is on (the top of the active stack).
    public var focusedView: PanelView? { frame.host.focusedView }

    // MARK: End

    /// Ends the screen, releases the root coordinator and the process-wide
    /// lock. Safe to call more than once; deinit calls it too.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        root = nil
        screen.end()
        if ownsLock { ScreenHarnessLock.release() }
    }
}

/// Runs `body` with a new ``ScreenHarness`` once no other harness is alive,
/// then ends it (screen, root coordinator and lock), also when `body` throws.
///
/// Waiting does not block the main actor: other tests keep running while
/// this one waits its turn, so screen tests may sit in parallel suites.
@MainActor
public func withScreenHarness<Result>(
    size: CellSize = CellSize(width: 80, height: 24), title: String = "app", colors: Bool = true,
    minimumSize: CellSize = CellSize(width: 1, height: 1), backKeys: BackKeys = .standard,
    _ body: @MainActor (ScreenHarness) async throws -> Result
) async rethrows -> Result {
    await ScreenHarnessLock.acquire()
    let harness = ScreenHarness(size: size, title: title, colors: colors, minimumSize: minimumSize,
                                backKeys: backKeys, ownsLock: true)
    defer { harness.end() }
    return try await body(harness)
}

/// The process-wide turn for screen harnesses: one ``ScreenHarness`` alive
/// at a time, because ncurses keeps its current screen, colour pairs and the
/// locale in process-wide state.
///
/// A main-actor queue, not a blocking lock (tests run on the main actor,
/// where a blocking wait would deadlock): ``acquire()`` suspends until the
/// holder calls ``release()``, which hands the turn to the longest waiter.
@MainActor
public enum ScreenHarnessLock {
    private static var isHeld = false
    private static var waiters: [CheckedContinuation<Void, Never>] = []

    /// What the synchronous harness initialiser reports when the lock is taken.
    public static let busyMessage = """
        Another ScreenHarness is alive: ncurses is process-wide, so screen tests must not overlap. \
        Use `await withScreenHarness { harness in ... }`, which waits its turn, \
        or put the suites that make screens in one `@Suite(.serialized)`.
        """

    /// Whether a harness holds the turn now.
    public static var isLocked: Bool { isHeld }

    /// Waits for the turn, then holds it.
    public static func acquire() async {
        if !isHeld {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Takes the turn if it is free; false (and nothing held) otherwise.
    public static func tryAcquire() -> Bool {
        guard !isHeld else { return false }
        isHeld = true
        return true
    }

    /// Gives the turn to the next waiter, or frees it.
    public static func release() {
        if waiters.isEmpty {
            isHeld = false
        } else {
            waiters.removeFirst().resume()
        }
    }
}
