import NotesPresenters
import ShojiAppKit

/// One note on screen; ends when its screen leaves the stack.
@MainActor
package final class NoteDetailCoordinator: Coordinator {
    package let note: Note

    package init(router: any Routing, note: Note) {
        self.note = note
        super.init(router: router)
    }

    package func makeModule() -> NoteDetailPanelView {
        let view = NoteDetailPanelView(presenter: NoteDetailPresenter(note: note))
        view.routeComponent = String(note.id)
        return view
    }

    package override func start() { router.push(makeModule(), owner: self) }
}
