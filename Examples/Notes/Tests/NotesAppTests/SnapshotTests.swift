import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp

/// ncurses is process-wide: one screen at a time.
@Suite(.serialized)
@MainActor
struct SnapshotTests {
    @Test func listOnAHeadlessScreen() async {
        await withScreenHarness(size: CellSize(width: 60, height: 16), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: .sample(count: 200)))
            harness.expectSnapshot("list")
        }
    }

    @Test func theNewNoteSheetIsFramedCentredAndFollowsTheWindow() async {
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: .sample(count: 20)))
            harness.press(.character("n"))
            harness.expectSnapshot("new-note-sheet")
            // 72x13 of form (8 rows of body) in a frame (76x15), centred in
            // the content area (0,2 80x21).
            #expect(harness.lines[5].dropFirst(2).hasPrefix("┌─ New note ─"))
            #expect(harness.lines[6].dropFirst(2).hasPrefix("│ Title"))
            #expect(harness.lines[7].dropFirst(2).hasPrefix("│ Body"))
            #expect(harness.cursor == CellPoint(x: 2 + 2 + 7, y: 6), "in the title field")
            harness.resize(to: CellSize(width: 100, height: 30))
            harness.expectSnapshot("new-note-sheet-after-a-resize")
            #expect(harness.lines[8].dropFirst(12).hasPrefix("┌─ New note ─"))
            #expect(harness.lines[2].hasPrefix("Groceries 1"), "the list under it is drawn again")
            harness.type("Plan")
            #expect(harness.cursor == CellPoint(x: 12 + 2 + 7 + 4, y: 9))
            harness.press(.enter)
            #expect(!harness.contains("New note"))
            #expect(harness.contains("Plan"), "the list shows the new note")
        }
    }

    /// A change of the observed store reaches the list on a later turn, as in
    /// the running app: `settle()` lets it arrive before the screen is read.
    @Test func aStoreChangeReachesTheListOnceTheHarnessSettles() async {
        await withScreenHarness(size: CellSize(width: 60, height: 15), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: .sample(count: 1)))
            harness.press(.character("d"))
            #expect(harness.contains("Delete note?"))
            harness.press(.left, .enter)  // the confirmation opens on Cancel
            await harness.settle()
            #expect(harness.contains("No notes: press n to write one"))
            #expect(!ScreenObservation.hasPendingDeliveries)
        }
    }
}
