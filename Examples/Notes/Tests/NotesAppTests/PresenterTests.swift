import Testing
import ShojiAppKit
@testable import NotesApp

@MainActor
final class FakeListView: NotesListView {
    var shownRows = 0
    var emptyMessage: String?
    var selectedIndex: Int?
    func showRows() { shownRows += 1 }
    func showEmpty(message: String) { emptyMessage = message }
    func select(index: Int) { selectedIndex = index }
}

@MainActor
struct PresenterTests {
    @Test func listRowsComeFromTheStore() {
        let presenter = NotesListPresenter(store: .sample(count: 3))
        #expect(presenter.rowCount == 3)
        #expect(presenter.row(at: 0) == ListRow(title: "Groceries 1", secondary: "#1"))
        var opened: Note?
        presenter.onOpen = { opened = $0 }
        presenter.didChoose(index: 2)
        #expect(opened?.id == 3)
    }

    @Test func deleteAsksForTheSelectedNoteAndReloadShowsTheRest() {
        let store = NoteStore.sample(count: 2)
        let presenter = NotesListPresenter(store: store)
        let view = FakeListView()
        presenter.view = view
        var asked: Note?
        presenter.onDelete = { asked = $0 }
        view.selectedIndex = 1
        presenter.deleteSelected()
        #expect(asked?.id == 2)
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
        var saved: [String] = []
        presenter.onSave = { title, body in saved.append("\(title)|\(body)") }
        presenter.save(["title": "  ", "body": "x"])
        #expect(saved.isEmpty && view.form.error(forField: "title") != nil)
        presenter.save(["title": "Hi", "body": "there"])
        #expect(saved == ["Hi|there"] && view.form.error(forField: "title") == nil)
    }
}
