import ShojiPresentation

/// One note's screen state; it asks nothing of the outside world, so it has no route.
@MainActor
package final class NoteDetailPresenter {
    package weak var view: (any NoteDetailView)?
    package let note: Note

    package init(note: Note) { self.note = note }

    /// The view is ready: tell it what to show.
    package func viewDidLoad() {
        view?.show(title: note.title, fields: [DetailField("Id", "#\(note.id)")], body: note.body)
    }
}
