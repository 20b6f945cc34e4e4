import Foundation
import ShojiAppKit
import ShojiTesting
import Testing
@testable import NotesApp
import NotesPresenters

/// The note form's multi-line body and the detail that shows it, on a
/// headless 80x24 screen; and a save that fails, shown to the user. In the
/// serialized snapshot suite: ncurses is process-wide.
extension SnapshotTests {
@Suite @MainActor struct NoteBodyScreenTests {
    @Test func aMultilineBodyIsWrittenSavedWithControlSAndShownOnItsLines() async {
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            let store = NoteStore(notes: [])
            harness.start(NotesAppCoordinator(router: harness.router, store: store))
            harness.press(.character("n"))
            harness.type("Plan")
            harness.press(.tab)
            harness.type("first line")
            harness.press(.enter)
            // A paste as the terminal sends it (bracketed), newlines and all.
            harness.send(bytes: "\u{1B}[200~pasted one\rpasted two\u{1B}[201~")
            harness.press(.enter, .enter)
            #expect(harness.contains("Ctrl-S save"), "the footer names the key that saves")
            harness.expectSnapshot("a-pasted-body-in-the-form")
            let form = harness.lines
            #expect(form.contains { $0.contains("│ Body   first line") })
            #expect(form.contains { $0.contains("│        pasted one") })
            #expect(form.contains { $0.contains("│        pasted two") })
            #expect(harness.cursor?.y == form.firstIndex { $0.contains("pasted two") }.map { $0 + 2 },
                    "two newlines below the paste")
            harness.press(.control("s"))
            await harness.settle()
            #expect(!harness.contains("New note"), "the sheet closed")
            #expect(store.notes.map(\.body) == ["first line\npasted one\npasted two\n\n"])
            harness.press(.enter)
            harness.expectSnapshot("the-body-on-its-lines")
            let detail = harness.lines
            guard let first = detail.firstIndex(where: { $0.hasPrefix("first line") }) else {
                Issue.record("the detail shows the body:\n\(detail.joined(separator: "\n"))")
                return
            }
            #expect(detail[first + 1] == "pasted one" && detail[first + 2] == "pasted two")
        }
    }

    @Test func aLongBodyWrapsInTheFormAndInTheDetail() async {
        let body = String(repeating: "word ", count: 40).trimmingCharacters(in: .whitespaces)
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            let store = NoteStore(notes: [Note(id: 1, title: "Long", body: body)])
            harness.start(NotesAppCoordinator(router: harness.router, store: store))
            harness.press(.character("e"))
            let bodyRows = harness.lines.filter { $0.contains("word") }
            #expect(bodyRows.count == 4, "200 columns over rows of the form's width")
            harness.press(.escape)
            harness.press(.enter)
            #expect(harness.lines.filter { $0.contains("word") }.count >= 3)
        }
    }

    @Test func escAfterAnEditAsksBeforeTheEditIsDropped() async {
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            let store = NoteStore(notes: [Note(id: 1, title: "Plan", body: "first")])
            harness.start(NotesAppCoordinator(router: harness.router, store: store))
            harness.press(.character("e"))
            harness.type(" B")
            harness.press(.escape)
            #expect(harness.contains("Discard changes?"), "Esc no longer drops the edit silently")
            harness.press(.enter)  // Keep editing
            #expect(harness.contains("Plan B"))
            harness.press(.control("s"))
            #expect(store.notes == [Note(id: 1, title: "Plan B", body: "first")])
            harness.press(.character("e"))
            harness.type("!")
            harness.press(.escape)
            harness.press(.left, .enter)  // Discard
            #expect(!harness.contains("Edit note"))
            #expect(store.notes == [Note(id: 1, title: "Plan B", body: "first")], "discarded")
        }
    }

    @Test func aSaveThatFailsIsShownAndTheNoteIsKept() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString)").path
        // No such folder: every save fails.
        let store = NoteStore(notes: [], file: NotesFile(path: directory + "/notes.json"))
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "notes") { harness in
            harness.start(NotesAppCoordinator(router: harness.router, store: store))
            harness.press(.character("n"))
            harness.type("Kept")
            harness.press(.control("s"))
            await harness.settle()
            #expect(harness.contains("Notes not saved"))
            #expect(harness.contains("could not be saved"))
            #expect(store.notes.map(\.title) == ["Kept"], "nothing is lost in memory")
            harness.press(.enter)
            await harness.settle()
            #expect(harness.contains("Kept"), "the list shows it")
        }
    }
}
}
