import Foundation
import Testing
@testable import ShojiCurses

/// The event loop where the main queue has no descriptor to poll (macOS,
/// and `make test-portable`): input, timers and async tasks' main-actor work
/// all served by the main queue, each change reaching the screen.
///
/// Each scenario runs in a process of its own (an exit test): it waits on
/// the main queue with a screen alive, and ncurses is process-wide, so in
/// the shared test process the other suites' screens would come and go
/// under it.
@Suite struct DispatchSourceLoopTests {
    @Test func servesInputATimerAndAnAsyncTasksWork() async {
        await #expect(processExitsWith: .success) {
            try await DispatchSourceLoopScenario.inputTimerAndTask()
        }
    }

    @Test func aPausedTerminalDeliversNothingUntilItResumes() async {
        await #expect(processExitsWith: .success) {
            try await DispatchSourceLoopScenario.pausedInput()
        }
    }
}

/// The scenarios, each throwing at the first step that does not happen.
@MainActor
enum DispatchSourceLoopScenario {
    struct StepFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// What the screen shows and the keys that arrived.
    @MainActor final class Model {
        var text = "start"
        var keys: [TerminalKey] = []
        let panel: TerminalPanel
        init(screen: TerminalScreen) {
            panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { [unowned self] canvas in canvas.text(text, at: CellPoint(x: 0, y: 0)) }
        }
        func show(_ text: String) {
            self.text = text
            panel.setNeedsDisplay()
        }
    }

    static func inputTimerAndTask() async throws {
        let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 4))
        let loop = TerminalEventLoop(screen: screen)
        let model = Model(screen: screen)
        var frames = 0
        screen.onFrameWritten = { _ in frames += 1 }
        loop.onKey = { key in
            model.keys.append(key)
            model.show("key \(model.keys.count)")
        }
        screen.render()
        loop.startDispatchSources()
        defer {
            // Before the screen ends: its input pipe then reads as a hang-up.
            loop.stopDispatchSources()
            screen.end()
        }
        func firstLine() -> String { screen.snapshot().lines[0] }

        screen.feed("j")
        try await waitUntil("the key arrives") { model.keys == [.character("j")] }
        // Rendered in the block that read the key, not by a later one.
        try check(frames == 2, "the first paint and the key's frame, got \(frames) frames")
        try check(firstLine().hasPrefix("key 1"), "the key's frame is on the screen")

        let timer = loop.clock.after(.milliseconds(10)) { model.show("timer") }
        try await waitUntil("the timer fires") { firstLine().hasPrefix("timer") }
        timer.cancel()

        // Work finished off the main actor, then handed back to it.
        Task.detached { await model.show(["ta", "sk"].joined()) }
        try await waitUntil("the task's work is shown") { firstLine().hasPrefix("task") }

        // Keys keep arriving after the other work.
        screen.feed("k")
        try await waitUntil("the second key arrives") { model.keys.count == 2 }
        try check(model.keys == [.character("j"), .character("k")], "keys in order: \(model.keys)")
        try check(firstLine().hasPrefix("key 2"), "the second key's frame is on the screen")
    }

    static func pausedInput() async throws {
        let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 4))
        let loop = TerminalEventLoop(screen: screen)
        var keys: [TerminalKey] = []
        loop.onKey = { keys.append($0) }
        loop.startDispatchSources()
        defer {
            loop.stopDispatchSources()
            screen.end()
        }
        loop.sources.pauseInput(for: .milliseconds(150))
        screen.feed("x")
        try await Task.sleep(for: .milliseconds(60))
        try check(keys.isEmpty, "nothing delivered while paused, got \(keys)")
        try await waitUntil("the key arrives after the pause") { keys == [.character("x")] }
    }

    private static func check(_ condition: Bool, _ what: String) throws {
        guard condition else { throw StepFailed(description: what) }
    }

    /// Lets the main queue run (the scenario yields the main actor) until
    /// `condition` holds; throws after two seconds.
    private static func waitUntil(_ what: String, _ condition: @MainActor () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(2)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw StepFailed(description: "timed out: \(what)") }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
