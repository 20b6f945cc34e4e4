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

/// Records what the list and the form ask their coordinator for.
@MainActor
final class FakeRoute: NotesListRoute, NewNoteRoute {
    var opened: [Note] = []
    var newNoteRequests = 0
    var deleteRequests: [Note] = []
    var saved: [String] = []
    var cancellations = 0
    func notesListDidOpen(_ note: Note) { opened.append(note) }
    func notesListDidAskForNewNote() { newNoteRequests += 1 }
    func notesListDidAskToDelete(_ note: Note) { deleteRequests.append(note) }
    func newNoteDidSave(title: String, body: String) { saved.append("\(title)|\(body)") }
    func newNoteDidCancel() { cancellations += 1 }
}

@MainActor
struct PresenterTests {
    @Test func listRowsComeFromTheStore() {
        let presenter = NotesListPresenter(store: .sample(count: 3))
        #expect(presenter.rowCount == 3)
        #expect(presenter.row(at: 0) == ListRow(title: "Groceries 1", secondary: "#1"))
        let route = FakeRoute()
        presenter.route = route
        presenter.didChoose(index: 2)
        #expect(route.opened.map(\.id) == [3])
        presenter.newNote()
        #expect(route.newNoteRequests == 1)
    }

    @Test func deleteAsksForTheSelectedNoteAndReloadShowsTheRest() {
        let store = NoteStore.sample(count: 2)
        let presenter = NotesListPresenter(store: store)
        let view = FakeListView()
        presenter.view = view
        let route = FakeRoute()
        presenter.route = route
        view.selectedIndex = 1
        presenter.deleteSelected()
        #expect(route.deleteRequests.map(\.id) == [2])
        store.delete(id: 2)
        presenter.reload()
        #expect(view.shownRows == 1 && presenter.rowCount == 1)
        store.delete(id: 1)
        presenter.reload()
        #expect(view.emptyMessage != nil)
    }

    @Test func newNoteNeedsATitle() {
        let presenter = NewNotePresenter()
        let view = NewNotePanelView(presenter: presenter)
        let route = FakeRoute()
        presenter.route = route
        presenter.save(["title": "  ", "body": "x"])
        #expect(route.saved.isEmpty && view.form.error(forField: "title") != nil)
        presenter.save(["title": "Hi", "body": "there"])
        #expect(route.saved == ["Hi|there"] && view.form.error(forField: "title") == nil)
        presenter.cancel()
        #expect(route.cancellations == 1)
    }
}
