import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp
import NotesPresenters

/// A quit after a failed save asks first, on the root router: Cancel stays,
/// Retry saves then quits (or asks again with the new error), Save elsewhere
/// writes a copy then quits, Discard quits. Mock router, no screen.
@MainActor
struct QuitPromptCoordinatorTests {
    /// An app whose file cannot be saved yet (its folder is missing) with one
    /// change made, and how many times it quit.
    @MainActor final class Fixture {
        let directory: String
        let router = MockRouter()
        let store: NoteStore
        let app: NotesAppCoordinator
        var quits = 0

        init(rescueFolder: String? = nil) throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-quit-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            store = NoteStore(notes: NoteStore.sample(count: 2).notes, file: NotesFile(path: directory + "/missing/notes.json"))
            app = NotesAppCoordinator(router: router, store: store, rescueFolder: rescueFolder)
            app.quit = { [unowned self] in quits += 1 }
            app.start()
            #expect(throws: NotesFileError.self) { try self.store.add(Note(id: 3, title: "Unsaved", body: "only here")) }
        }

        var alert: AlertPanelView<NotesAppCoordinator.QuitChoice>? {
            router.top?.presentable as? AlertPanelView<NotesAppCoordinator.QuitChoice>
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    @Test func withEverythingSavedTheQuitIsNotAsked() {
        let app = NotesAppCoordinator(router: MockRouter(), store: .sample(count: 2))
        app.start()
        #expect(app.shouldQuit())
    }

    @Test func cancelStaysAndDiscardQuits() throws {
        let fixture = try Fixture()
        #expect(fixture.store.hasUnsavedChanges)
        #expect(!fixture.app.shouldQuit())
        let alert = try #require(fixture.alert)
        #expect(alert.alert.title == "Notes not saved")
        #expect(alert.alert.message.contains("\(fixture.directory)/missing/notes.json could not be saved."))
        #expect(alert.alert.buttons.map(\.title) == ["Retry", "Save as…", "Discard", "Cancel"])
        alert.choose("Cancel")
        #expect(fixture.quits == 0 && fixture.router.entries.count == 1, "back to the notes")
        #expect(!fixture.app.shouldQuit(), "asked again next time")
        try #require(fixture.alert).choose("Discard")
        #expect(fixture.quits == 1)
    }

    @Test func retryAsksAgainWithTheErrorThenSavesAndQuits() throws {
        let fixture = try Fixture()
        _ = fixture.app.shouldQuit()
        try #require(fixture.alert).choose("Retry")
        let again = try #require(fixture.alert, "still failing: asked again")
        #expect(again.alert.message.contains("could not be saved: No such file or directory"))
        #expect(fixture.quits == 0)
        try FileManager.default.createDirectory(atPath: fixture.directory + "/missing", withIntermediateDirectories: false)
        again.choose("Retry")
        #expect(fixture.quits == 1)
        #expect(try NotesFile(path: fixture.directory + "/missing/notes.json").load()?.last?.title == "Unsaved")
        #expect(!fixture.store.hasUnsavedChanges)
    }

    @Test func saveElsewhereWritesANewFileInTheRescueFolderThenQuits() throws {
        let rescue = FileManager.default.temporaryDirectory.appendingPathComponent("notes-rescue-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: rescue) }
        let fixture = try Fixture(rescueFolder: rescue)
        _ = fixture.app.shouldQuit()
        try #require(fixture.alert).choose("Save as…")
        let sheet = try #require(fixture.router.top?.presentable as? SaveElsewherePanelView)
        #expect(sheet.form.text(ofField: "path") == rescue + "/notes-rescued.json")
        sheet.form.setText("/tmp/anywhere.json", forField: "path")
        sheet.form.submit()
        #expect(sheet.form.error(forField: "path") == "Only inside \(rescue)", "a served session writes only in its folder")
        sheet.form.setText(rescue + "/../escape.json", forField: "path")
        sheet.form.submit()
        #expect(sheet.form.error(forField: "path") != nil, "no way out with ..")
        sheet.form.setText(rescue + "/notes-rescued.json", forField: "path")
        sheet.form.submit()
        #expect(fixture.quits == 1)
        #expect(try NotesFile(path: rescue + "/notes-rescued.json").load()?.map(\.title) == ["Groceries 1", "Meeting 2", "Unsaved"])
    }

    @Test func saveElsewhereNeverReplacesAFileAndAsksAgain() throws {
        let fixture = try Fixture()
        let taken = fixture.directory + "/taken.json"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: taken))
        _ = fixture.app.shouldQuit()
        try #require(fixture.alert).choose("Save as…")
        let sheet = try #require(fixture.router.top?.presentable as? SaveElsewherePanelView)
        sheet.form.setText(taken, forField: "path")
        sheet.form.submit()
        #expect(fixture.quits == 0)
        #expect(try #require(fixture.alert).alert.message.contains("a file of that name is there already"))
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "mine")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory).sorted() == ["taken.json"],
                "no temporary file left")
    }
}
