import Foundation
import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Tests make thousands of headless screens: each must give back its
    /// SCREEN, its `/dev/null` stream and its input pipe once released.
    @Suite @MainActor struct HeadlessScreenLifetimeTests {
        private func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        }

        /// One screen used as a test uses it: a panel drawn, a key fed and
        /// read, a render; ended or just dropped.
        private func useAndRelease(ended: Bool) {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 6))
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in canvas.text("screen", at: .zero) }
            screen.feed("x")
            #expect(screen.pendingKeys() == [.character("x")])
            screen.render()
            #expect(screen.snapshot().lines[0] == "screen")
            if ended { screen.end() }
        }

        @Test func aThousandScreensLeaveTheDescriptorCountFlat() async throws {
            // Screens are freed once none is alive: wait until other suites'
            // screens are gone, then run without suspending.
            let deadline = ContinuousClock.now + .seconds(60)
            while HeadlessScreenReclaimer.liveScreens > 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(10))
            }
            try #require(HeadlessScreenReclaimer.liveScreens == 0, "another test's screen was never released")
            let before = try openDescriptors()
            for index in 0..<1000 { useAndRelease(ended: index.isMultiple(of: 2)) }
            #expect(HeadlessScreenReclaimer.liveScreens == 0)
            // Each screen kept would hold two descriptors (2,000 in all);
            // the slack is for tests on other threads opening files meanwhile.
            #expect(try openDescriptors() - before < 20)
        }
    }
}
