import Testing
import ShojiAppKit
import ShojiTesting
@testable import NotesApp
import NotesPresenters

@MainActor
struct CoordinatorTests {
    @Test func savingDeliversTheNoteExactlyOnce() {
        let router = MockRouter()
        let parent = Coordinator(router: router)
        let flow = NewNoteCoordinator(router: router, noteID: 7)
        var outcomes: [FlowOutcome<Note>] = []
        parent.addChild(flow) { outcomes.append($0) }
        flow.start()
        let view = try! #require(flow.view)
        #expect(router.contains(view))
        view.form.setText("Title", forField: "title")
        view.form.setText("Body", forField: "body")
        view.form.onButton?(0)
        view.form.onButton?(0)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.value == Note(id: 7, title: "Title", body: "Body"))
        #expect(router.entries.isEmpty && parent.children.isEmpty)
    }

    @Test func cancelDeliversCancelled() {
        let router = MockRouter()
        let parent = Coordinator(router: router)
        let flow = NewNoteCoordinator(router: router, noteID: 1)
        var outcomes: [FlowOutcome<Note>] = []
        parent.addChild(flow) { outcomes.append($0) }
        flow.start()
        flow.view?.form.onButton?(1)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.cancellationReason == .cancelledByUser)
        #expect(router.entries.isEmpty)
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

    @Test func newNoteIsAddedAndSelected() {
        let router = MockRouter()
        let store = NoteStore.sample(count: 5)
        let notes = NotesCoordinator(router: router, store: store)
        notes.start()
        let list = try! #require(router.top?.presentable as? NotesListPanelView)
        #expect(list.handle(.character("n")))
        let form = try! #require(router.top?.presentable as? NewNotePanelView)
        form.form.setText("Fresh", forField: "title")
        form.form.submit()
        #expect(store.notes.last == Note(id: 6, title: "Fresh", body: ""))
        #expect(list.selectedIndex == 5 && router.entries.count == 1)
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
