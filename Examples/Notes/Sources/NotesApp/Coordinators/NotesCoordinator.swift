import NotesPresenters
import ShojiAppKit

/// The Notes tab: the list, a note's detail, the note form (new and edit)
/// as a sheet, and deleting. The list observes the store: nothing here reloads it.
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
        presenter.output = self
        listPresenter = presenter
        return view
    }

    package func showDetail(_ note: Note) {
        let flow = NoteDetailCoordinator(router: router, note: note, store: store, notes: self)
        addChild(flow)
        flow.start()
    }

    /// The new-note sheet; a saved note joins the store (the list follows
    /// it) and is handed to `saved` (the list selects it).
    package func showNewNote(then saved: @escaping @MainActor (Note) -> Void = { _ in }) {
        presentSheet(NoteFormPanelView(presenter: form(NoteFormPresenter(newNoteID: store.nextID)))) { [weak self] outcome in
            guard let self, let note = outcome.value else { return }
            saving { try $0.add(note) }
            saved(note)
        }
    }

    /// The edit sheet for `note`; the edited note replaces it in the store.
    package func showEdit(_ note: Note) {
        presentSheet(NoteFormPanelView(presenter: form(NoteFormPresenter(editing: note)))) { [weak self] outcome in
            guard let edited = outcome.value else { return }
            self?.saving { try $0.update(edited) }
        }
    }

    /// Asks, then deletes `note` and calls `deleted` (the detail leaves).
    package func confirmDelete(_ note: Note, then deleted: @escaping @MainActor () -> Void = {}) {
        confirm("Delete note?", message: "\"\(note.title)\" will be gone for good.", confirm: "Delete", destructive: true) { [weak self] in
            self?.saving { try $0.delete(id: note.id) }
            deleted()
        }
    }

    /// `presenter`, checking the store's quota before the form closes: past
    /// it the form says so under the body and keeps what was written.
    private func form(_ presenter: NoteFormPresenter) -> NoteFormPresenter {
        presenter.check = { [store] note in store.quotaProblem(saving: note) }
        return presenter
    }

    /// Runs a change of the store; when its save fails, says so in an alert.
    /// The change itself stays in memory, so nothing is lost, and the next
    /// change that saves writes it too. A change past the quota is not
    /// made: the alert says so in one line.
    private func saving(_ change: (NoteStore) throws -> Void) {
        do {
            try change(store)
        } catch let error as NotesFileError where error.exceedsQuota {
            presentAlert(.notice("Quota reached", message: error.problem))
        } catch {
            presentAlert(.notice("Notes not saved", message: "\(error). The change is kept while notes runs; "
                + "the next change that saves writes it too."))
        }
    }

    /// Pushes the note a route path names (`notes/<id>`) above the list.
    package func plan(note item: TabRoutes.Item, on plan: inout RoutePlan) throws(RouteError) {
        guard let id = Int(item.component), let note = store.note(id: id) else { throw item.unreachable("no such note") }
        let detail = NoteDetailCoordinator(router: router, note: note, store: store, notes: self)
        plan.adopt(detail, by: self)
        plan.push(detail.makeModule(), owner: detail)
        plan.afterApplying { [weak self] in self?.listPresenter?.select(noteID: id) }
    }
}

extension NotesCoordinator: NotesListOutput {
    package func notesListDidOpen(_ note: Note) { showDetail(note) }
    package func notesListDidAskForNewNote(then saved: @escaping @MainActor (Note) -> Void) { showNewNote(then: saved) }
    package func notesListDidAskToEdit(_ note: Note) { showEdit(note) }
    package func notesListDidAskToDelete(_ note: Note) { confirmDelete(note) }
}
