import Foundation
import Testing
@testable import NotesApp
@testable import NotesPresenters

/// A served visitor's quota: notes past the count or bytes past the size
/// are refused with one line, nothing changes in memory or on disk, a
/// change that does not grow the notes is still allowed, and the form
/// says so under the body and keeps what was written.
@MainActor
struct NoteQuotaTests {
    private func temporaryFile() throws -> NotesFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notes-quota-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return NotesFile(directory: path)
    }

    @Test func aNotePastTheCountIsRefusedAndWhatWasSavedStays() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(atPath: (file.path as NSString).deletingLastPathComponent) }
        let store = NoteStore(notes: [], file: file, quota: NoteQuota(maximumNotes: 2))
        try store.add(Note(id: 1, title: "One", body: ""))
        try store.add(Note(id: 2, title: "Two", body: ""))
        let saved = try Data(contentsOf: URL(fileURLWithPath: file.path))
        do {
            try store.add(Note(id: 3, title: "Three", body: ""))
            Issue.record("a third note was added past a quota of two")
        } catch {
            #expect(error.exceedsQuota)
            #expect(error.description == "Quota reached: at most 2 notes here; delete one to add another")
        }
        #expect(store.notes.map(\.title) == ["One", "Two"] && !store.hasUnsavedChanges)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == saved, "the saved file, byte for byte")
        // Editing and deleting still work at the quota.
        try store.update(Note(id: 2, title: "Two, edited", body: ""))
        try store.delete(id: 1)
        try store.add(Note(id: 3, title: "Three", body: ""))
        #expect(try file.load()?.map(\.title) == ["Two, edited", "Three"])
    }

    @Test func bytesPastTheSizeAreRefusedButShorteningIsAllowed() throws {
        let store = NoteStore(notes: [Note(id: 1, title: "Small", body: "")], quota: NoteQuota(maximumBytes: 4096))
        let big = Note(id: 1, title: "Small", body: String(repeating: "x", count: 5000))
        #expect(store.quotaProblem(saving: big) == "Quota reached: at most 4 KiB of notes here (this would make 5.0 KiB); shorten or delete notes")
        #expect(throws: NotesFileError.self) { try store.update(big) }
        #expect(store.notes[0].body.isEmpty)
        #expect(throws: NotesFileError.self) { try store.add(Note(id: 2, title: "Big", body: String(repeating: "y", count: 5000))) }
        #expect(store.notes.count == 1)
        // Already over (a lower quota than before): a shorter body is still saved.
        let over = NoteStore(notes: [big], quota: NoteQuota(maximumBytes: 4096))
        try over.update(Note(id: 1, title: "Small", body: String(repeating: "x", count: 4500)))
        #expect(over.notes[0].body.count == 4500)
        #expect(NoteStore(notes: [], quota: nil).quotaProblem(saving: big) == nil)
    }

    @Test func theFormSaysSoUnderTheBodyAndKeepsWhatWasWritten() {
        let store = NoteStore(notes: [Note(id: 1, title: "One", body: "")], quota: NoteQuota(maximumNotes: 1))
        let presenter = NoteFormPresenter(newNoteID: 2)
        presenter.check = { store.quotaProblem(saving: $0) }
        let view = NoteFormPanelView(presenter: presenter)
        presenter.save(["title": "Two", "body": "kept in the form"])
        #expect(presenter.result.outcome == nil, "the form stays open")
        #expect(view.form.error(forField: "body") == "Quota reached: at most 1 note here; delete one to add another")
        #expect(store.notes.count == 1)
    }
}
