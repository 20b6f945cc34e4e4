import NotesPresenters
import ShojiAppKit

/// The Notes tab: the list, a note's detail, the new-note form and deleting.
@MainActor
package final class NotesCoordinator: Coordinator {
    private let store: NoteStore
    package private(set) weak var listPresenter: NotesListPresenter?

    package init(router: any Routing, store: NoteStore) {
        self.store = store
        super.init(router: router)
    }

    package override func start() { router.setRoot(makeList(), owner: self) }

    private func makeList() -> NotesListPanelView {
        let presenter = NotesListPresenter(store: store)
        let view = NotesListPanelView(presenter: presenter)
        view.routeComponent = "notes"
        presenter.route = self
        presenter.reload()
        listPresenter = presenter
        return view
    }

    package func showDetail(_ note: Note) {
        let flow = NoteDetailCoordinator(router: router, note: note)
        addChild(flow)
        flow.start()
    }

    package func showNewNote() {
        let flow = NewNoteCoordinator(router: router, noteID: store.nextID)
        addChild(flow) { [weak self] outcome in
            guard let self, case .completed(let note) = outcome else { return }
            store.add(note)
            listPresenter?.reload(selecting: note.id)
        }
        flow.start()
    }

    package func confirmDelete(_ note: Note) {
        confirm("Delete note?", message: "\"\(note.title)\" will be gone for good.", confirm: "Delete") { [weak self] in
            self?.store.delete(id: note.id)
            self?.listPresenter?.reload()
        }
    }

    /// Pushes the note a route path names (`notes/<id>`) above the list.
    package func plan(note item: TabRoutes.Item, on plan: inout RoutePlan) throws(RouteError) {
        guard let id = Int(item.component), let note = store.note(id: id) else { throw item.unreachable("no such note") }
        let detail = NoteDetailCoordinator(router: router, note: note)
        plan.adopt(detail, by: self)
        plan.push(detail.makeModule(), owner: detail)
        plan.afterApplying { [weak self] in self?.listPresenter?.reload(selecting: id) }
    }
}

extension NotesCoordinator: NotesListRoute {
    package func notesListDidOpen(_ note: Note) { showDetail(note) }
    package func notesListDidAskForNewNote() { showNewNote() }
    package func notesListDidAskToDelete(_ note: Note) { confirmDelete(note) }
}
