import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp
import NotesPresenters

@MainActor
struct CoordinatorTests {
    @Test func theNewNoteSheetSavesOnceAndIsReleased() throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let tracker = LeakTracker()
        do {
            notes.showNewNote()
            #expect(router.log.last == "present(NoteFormPanelView)")
            let sheet = try #require(router.top?.presentable as? NoteFormPanelView)
            #expect(sheet.title == "New note")
            tracker.track(sheet, as: "sheet")
            sheet.form.setText("Title", forField: "title")
            sheet.form.setText("Body", forField: "body")
            sheet.form.onButton?(0)
            sheet.form.onButton?(0)
        }
        #expect(store.notes.last == Note(id: 6, title: "Title", body: "Body"))
        #expect(store.notes.count == 6, "saved exactly once")
        #expect(router.entries.count == 1, "the sheet was dismissed")
        #expect(tracker.survivors == [])
    }

    @Test func cancellingTheSheetChangesNothing() throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        notes.showNewNote()
        let sheet = try #require(router.top?.presentable as? NoteFormPanelView)
        sheet.form.setText("Never", forField: "title")
        sheet.form.onButton?(1)
        #expect(store.notes.count == 5 && router.entries.count == 1)
        notes.showNewNote()
        _ = router.back()
        #expect(store.notes.count == 5 && router.entries.count == 1, "Esc cancels too")
    }

    @Test func editingReplacesTheNoteAndTheListFollows() async throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let list = try #require(router.top?.presentable as? NotesListPanelView)
        list.select(index: 2)
        #expect(list.handle(.character("e")))
        let sheet = try #require(router.top?.presentable as? NoteFormPanelView)
        #expect(sheet.title == "Edit note" && sheet.form.text(ofField: "title") == "Idea 3")
        sheet.form.setText("Big idea", forField: "title")
        sheet.form.submit()
        #expect(store.note(id: 3)?.title == "Big idea")
        #expect(router.entries.count == 1)
        await settle()
        #expect(notes.listPresenter?.row(at: 2).title == "Big idea")
    }

    @Test func enterPushesTheDetailAndBackReleasesIt() {
        let router = MockRouter()
        let notes = NotesCoordinator(router: router, store: .sample(count: 5))
        notes.start()
        let tracker = LeakTracker()
        do {
            notes.listPresenter?.didChoose(index: 2)
            #expect(router.log.last == "push(NoteDetailPanelView)")
            let detail = try! #require(router.top?.presentable as? NoteDetailPanelView)
            #expect(detail.title == "Idea 3" && detail.routeComponent == "3")
            tracker.track(detail, as: "view")
            tracker.track(try! #require(notes.children.first), as: "flow")
        }
        #expect(tracker.survivors(after: { _ = router.back() }) == [])
        #expect(notes.children.isEmpty && router.entries.count == 1)
    }

    @Test func deleteConfirmsThenDeletes() {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let list = try! #require(router.top?.presentable as? NotesListPanelView)
        list.select(index: 1)
        #expect(list.handle(.character("d")))
        let alert = try! #require(router.top?.presentable as? AlertPanelView<Bool>)
        #expect(alert.alert.title == "Delete note?")
        alert.choose("Delete")
        #expect(store.note(id: 2) == nil && store.notes.count == 4)
        #expect(router.entries.count == 1)
    }

    @Test func theListsObservationEndsWhenTheListLeaves() throws {
        let router = MockRouter()
        let notes = NotesCoordinator(router: router, store: .sample(count: 5))
        notes.start()
        let work = try #require(notes.listPresenter?.work)
        notes.showDetail(NoteStore.sample(count: 1).notes[0])
        #expect(!work.isEnded, "covered by the detail, still observing")
        router.setRoot(FakePresentable("elsewhere"))
        #expect(work.isEnded)
    }

    @Test func newNoteIsAddedAndSelected() {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let list = try! #require(router.top?.presentable as? NotesListPanelView)
        #expect(list.handle(.character("n")))
        let form = try! #require(router.top?.presentable as? NoteFormPanelView)
        form.form.setText("Fresh", forField: "title")
        form.form.submit()
        #expect(store.notes.last == Note(id: 6, title: "Fresh", body: ""))
        #expect(list.list.selectedIndex == 5 && router.entries.count == 1)
    }

    @Test func theSelectionStaysOnTheNoteWhenTheStoreChangesAroundIt() async throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let list = try #require(router.top?.presentable as? NotesListPanelView)
        list.list.selectedIndex = 3
        #expect(notes.listPresenter?.highlightedNoteID == 4)
        try store.delete(id: 1)
        await settle()
        #expect(list.list.selectedIndex == 2, "note 4, one row up")
        #expect(notes.listPresenter?.highlightedNoteID == 4)
        #expect(list.handle(.character("e")))
        let sheet = try #require(router.top?.presentable as? NoteFormPanelView)
        #expect(sheet.form.text(ofField: "title") == "Book 4", "the note the user sees selected, not the fourth row")
    }

    @Test func routePlanBuildsListAndDetailOnTheNotesTab() throws {
        let router = MockRouter()
        let app = NotesAppCoordinator(router: router, store: .sample(count: 10))
        app.start()
        let tabs = try #require(app.tabs)
        tabs.select(index: 1)
        #expect(app.currentPath?.description == "about")
        try app.open(try RoutePath("notes/3"))
        #expect(tabs.selectedIndex == 0)
        let notesRouter = tabs.tabs[0].router
        #expect(notesRouter.entries.map(\.presentable.routeComponent) == ["notes", "3"])
        #expect(notesRouter.entries.last?.presentable is NoteDetailPanelView)
        #expect(app.currentPath?.description == "notes/3")
        #expect(router.entries.count == 1)
        #expect(throws: RouteError.self) { try NotesAppCoordinator.validate(try RoutePath("notes/x")) }
        #expect(throws: RouteError.self) { try app.plan(for: try RoutePath("notes/99")) }
    }
}

/// `e` and `d` on a note's detail, through the notes flow.
@MainActor
struct DetailCoordinatorTests {
    @Test func eOnTheDetailEditsTheNoteAndTheDetailFollows() async throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 3)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        notes.listPresenter?.didChoose(index: 1)
        let detail = try #require(router.top?.presentable as? NoteDetailPanelView)
        #expect(detail.handle(.character("e")))
        let sheet = try #require(router.top?.presentable as? NoteFormPanelView)
        #expect(sheet.form.text(ofField: "title") == "Meeting 2")
        sheet.form.setText("Standup", forField: "title")
        sheet.form.submit()
        #expect(store.note(id: 2)?.title == "Standup")
        #expect(router.top?.presentable === detail, "back on the detail")
        await settle()
        #expect(detail.title == "Standup")
    }

    @Test func dOnTheDetailAsksDeletesAndLeavesTheDetail() throws {
        let router = MockRouter()
        let store = NoteStore.sample(count: 3)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        notes.listPresenter?.didChoose(index: 1)
        let detail = try #require(router.top?.presentable as? NoteDetailPanelView)
        #expect(detail.handle(.character("d")))
        try #require(router.top?.presentable as? AlertPanelView<Bool>).choose("Cancel")
        #expect(router.top?.presentable === detail && store.notes.count == 3, "Cancel keeps it")
        #expect(detail.handle(.character("d")))
        try #require(router.top?.presentable as? AlertPanelView<Bool>).choose("Delete")
        #expect(store.note(id: 2) == nil)
        #expect(router.entries.count == 1 && router.top?.presentable is NotesListPanelView, "the detail left")
        #expect(notes.children.isEmpty)
    }
}
