import Testing
import ShojiAppKit
@testable import NotesApp

/// ncurses is process-wide: one screen at a time.
@Suite(.serialized)
@MainActor
struct SnapshotTests {
    @Test func listOnAHeadlessScreen() {
        let screen = TerminalScreen.headless(size: CellSize(width: 60, height: 16))
        defer { screen.end() }
        let router = StackRouter()
        let frame = AppFrame(screen: screen, rootRouter: router, title: "notes")
        let app = NotesAppCoordinator(router: router, store: .sample(count: 200))
        app.start()
        screen.render()
        let lines = screen.snapshot().lines
        #expect(lines[0].contains("notes › Notes"))
        #expect(lines[1].contains("Notes") && lines[1].contains("About"))
        #expect(lines.contains { $0.contains("Groceries 1") })
        #expect(lines.contains { $0.contains("Meeting 2") })
        _ = frame
    }
}
