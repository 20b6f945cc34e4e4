import Testing
import ShojiAppKit
@testable import NotesApp
import NotesPresenters

/// Records what the detail presenter shows.
@MainActor
final class FakeDetailView: NoteDetailView {
    var shown: [(title: String, body: String)] = []
    func show(title: String, fields: [DetailField], body: String) { shown.append((title, body)) }
}

/// Records what the detail asks its coordinator for.
@MainActor
final class FakeDetailOutput: NoteDetailOutput {
    var edits: [Note] = []
    var deletes: [Note] = []
    func noteDetailDidAskToEdit(_ note: Note) { edits.append(note) }
    func noteDetailDidAskToDelete(_ note: Note) { deletes.append(note) }
}

/// The detail's `e` and `d` and its following the store; the list's filter
/// over bodies.
@MainActor
struct NoteDetailAndFilterPresenterTests {
    @Test func theDetailShowsTheNoteAsTheStoreHasItAndAsksForEditAndDelete() async throws {
        let store = NoteStore.sample(count: 3)
        let presenter = NoteDetailPresenter(note: try #require(store.note(id: 2)), store: store)
        let view = FakeDetailView()
        let output = FakeDetailOutput()
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        #expect(view.shown.last?.title == "Meeting 2")
        try store.update(Note(id: 2, title: "Standup", body: "at ten"))
        await settle()
        #expect(view.shown.last?.title == "Standup" && view.shown.last?.body == "at ten", "an edit shows at once")
        presenter.edit()
        presenter.delete()
        #expect(output.edits == [Note(id: 2, title: "Standup", body: "at ten")], "the note as it is now")
        #expect(output.deletes.map(\.id) == [2])
        let shownBefore = view.shown.count
        try store.delete(id: 2)
        await settle()
        #expect(view.shown.count == shownBefore, "a deleted note is not shown again (the coordinator pops it)")
    }

    @Test func theFilterSearchesBodiesToo() {
        let store = NoteStore(notes: [Note(id: 1, title: "Groceries", body: "milk, eggs"),
                                      Note(id: 2, title: "Trip", body: "pack the MILK frother"),
                                      Note(id: 3, title: "Milkshake recipe", body: ""),
                                      Note(id: 4, title: "Book", body: "nothing")])
        let presenter = NotesListPresenter(store: store)
        #expect(presenter.indices(matching: TextQuery("milk"), among: nil) == [0, 1, 2])
        #expect(presenter.indices(matching: TextQuery("milk"), among: [1, 3]) == [1], "narrowed to the candidates")
        #expect(presenter.indices(matching: TextQuery("book"), among: nil) == [3])
    }
}
