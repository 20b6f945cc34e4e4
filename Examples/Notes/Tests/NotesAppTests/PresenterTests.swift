import Testing
import ShojiAppKit
@testable import NotesApp
import NotesPresenters

@MainActor
final class FakeListView: NotesListView {
    var shownRows = 0
    var emptyMessage: String?
    var selectedIndex: Int?
    func showRows() { shownRows += 1 }
    func showEmpty(message: String) { emptyMessage = message }
    func select(index: Int) { selectedIndex = index }
}

/// Records what the list asks its coordinator for.
@MainActor
final class FakeOutput: NotesListOutput {
    var opened: [Note] = []
    var newNoteRequests = 0
    var editRequests: [Note] = []
    var deleteRequests: [Note] = []
    func notesListDidOpen(_ note: Note) { opened.append(note) }
    func notesListDidAskForNewNote(then saved: @escaping @MainActor (Note) -> Void) { newNoteRequests += 1 }
    func notesListDidAskToEdit(_ note: Note) { editRequests.append(note) }
    func notesListDidAskToDelete(_ note: Note) { deleteRequests.append(note) }
}

/// Lets the main actor deliver what the store's observers were sent.
@MainActor
func settle() async {
    for _ in 0..<5 { await Task.yield() }
}

@MainActor
struct PresenterTests {
    @Test func listRowsComeFromTheStore() {
        let presenter = NotesListPresenter(store: .sample(count: 3))
        #expect(presenter.rowCount == 3)
        #expect(presenter.row(at: 0) == ListRow(title: "Groceries 1", secondary: "#1"))
        let output = FakeOutput()
        presenter.output = output
        presenter.didChoose(index: 2)
        #expect(output.opened.map(\.id) == [3])
        presenter.newNote()
        #expect(output.newNoteRequests == 1)
    }

    @Test func editAndDeleteAskForTheSelectedNote() {
        let presenter = NotesListPresenter(store: .sample(count: 2))
        let view = FakeListView()
        presenter.view = view
        let output = FakeOutput()
        presenter.output = output
        presenter.editSelected()
        #expect(output.editRequests.isEmpty, "nothing highlighted yet, nothing to edit")
        presenter.didHighlight(index: 1)
        presenter.editSelected()
        presenter.deleteSelected()
        #expect(output.editRequests.map(\.id) == [2])
        #expect(output.deleteRequests.map(\.id) == [2])
        presenter.didHighlight(index: nil)
        presenter.deleteSelected()
        #expect(output.deleteRequests.count == 1, "a note the filter hides cannot be deleted")
    }

    @Test func theListFollowsTheStoreWithoutAnyoneReloadingIt() async throws {
        let store = NoteStore.sample(count: 2)
        let presenter = NotesListPresenter(store: store)
        let view = FakeListView()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.shownRows == 1, "shown at once")
        try store.delete(id: 2)
        await settle()
        #expect(view.shownRows == 2 && presenter.rowCount == 1)
        try store.delete(id: 1)
        await settle()
        #expect(view.emptyMessage != nil)
        presenter.work.end()
        try store.add(Note(id: 3, title: "Late", body: ""))
        await settle()
        #expect(view.shownRows == 2, "no update once the screen's work ended")
    }

    @Test func aNoteNeedsATitleAndSavingAnswersTheNoteOnce() {
        let presenter = NoteFormPresenter(newNoteID: 7)
        let view = NoteFormPanelView(presenter: presenter)
        presenter.save(["title": "  ", "body": "x"])
        #expect(presenter.result.outcome == nil && view.form.error(forField: "title") != nil)
        presenter.save(["title": "Hi", "body": "there"])
        #expect(presenter.result.outcome == .completed(Note(id: 7, title: "Hi", body: "there")))
        #expect(view.form.error(forField: "title") == nil)
        presenter.cancel()
        #expect(presenter.result.outcome?.value != nil, "answered once: a later cancel is ignored")
    }

    @Test func editingStartsFromTheNoteAndKeepsItsID() {
        let presenter = NoteFormPresenter(editing: Note(id: 4, title: "Trip", body: "Pack"))
        let view = NoteFormPanelView(presenter: presenter)
        #expect(view.title == "Edit note")
        #expect(view.form.values == ["title": "Trip", "body": "Pack"])
        presenter.cancel()
        #expect(presenter.result.outcome?.cancellationReason == .cancelledByUser)
    }
}
