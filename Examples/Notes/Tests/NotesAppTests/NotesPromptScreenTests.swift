import Foundation
import ShojiAppKit
import ShojiTesting
import Testing
@testable import NotesApp
import NotesPresenters

/// The quit prompt after a failed save, its "Save elsewhere" sheet and the
/// detail's keys, drawn on a headless screen at the usual size and at the
/// smallest. In the serialized snapshot suite: ncurses is process-wide.
extension SnapshotTests {
@Suite @MainActor struct NotesPromptScreenTests {
    @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 40, height: 12)])
    func theQuitPromptShowsEveryWayOutAndTheSheetItsPath(size: CellSize) async throws {
        // A folder that is never made: every save fails, and the message wraps the same way each run.
        let missing = "/nonexistent/notes"
        let store = NoteStore(notes: [], file: NotesFile(path: missing + "/notes.json"))
        try await withScreenHarness(size: size, title: "notes") { harness in
            let app = NotesAppCoordinator(router: harness.router, store: store, rescueFolder: "/srv/rescued")
            harness.start(app)
            #expect(throws: NotesFileError.self) { try store.add(Note(id: 1, title: "Kept", body: "")) }
            #expect(!app.shouldQuit())
            await harness.settle()
            let prompt = harness.text
            harness.expectSnapshot("quit-prompt-\(size.width)x\(size.height)")
            // At 40 columns the Cancel button is cut, and Esc (in the footer) is Cancel.
            let parts = ["Notes not saved", "[ Retry ]  [ Save as… ]  [ Discard ]", size.width < 80 ? "Esc cancel" : "[ Cancel ]",
                         "/nonexistent/notes/notes.json", "Quitting now"]
            for part in parts { #expect(prompt.contains(part), "\(part) in:\n\(prompt)") }
            harness.press(.right, .enter)  // Save elsewhere
            await harness.settle()
            #expect(harness.contains("Save elsewhere"))
            #expect(harness.contains("Path"))
            let field = try #require(harness.lines.first { $0.contains("Path") })
            #expect(field.contains("rescued/notes-rescued.json"), "the suggested path: \(field)")
            harness.press(.escape)
            await harness.settle()
            #expect(!harness.contains("Path"), "Esc leaves the sheet; nothing was edited")
            #expect(harness.contains("Kept"))
        }
    }

    @Test func theDetailOffersEditAndDelete() async {
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            let store = NoteStore(notes: [Note(id: 1, title: "Plan", body: "first")])
            harness.start(NotesAppCoordinator(router: harness.router, store: store))
            harness.press(.enter)
            harness.expectSnapshot("detail")
            #expect(harness.lines[23].hasPrefix("e edit  d delete  Esc back"), "\(harness.lines[23])")
            harness.press(.character("e"))
            harness.type(" B")
            harness.press(.control("s"))
            await harness.settle()
            #expect(harness.lines[0].contains("Plan B"), "the detail shows the edit: \(harness.lines[0])")
            harness.press(.character("d"), .left, .enter)  // Delete
            await harness.settle()
            #expect(store.notes.isEmpty)
            #expect(harness.contains("No notes: press n to write one"), "back on the list")
        }
    }
}
}
