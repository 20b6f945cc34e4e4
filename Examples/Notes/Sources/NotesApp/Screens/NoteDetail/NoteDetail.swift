import ShojiAppKit

@MainActor
package protocol NoteDetailView: AnyObject {
    func show(title: String, fields: [DetailField], body: String)
}

@MainActor
package final class NoteDetailPresenter {
    package weak var view: (any NoteDetailView)?
    package let note: Note

    package init(note: Note) { self.note = note }

    package func attach(_ view: any NoteDetailView) {
        self.view = view
        view.show(title: note.title, fields: [DetailField("Id", "#\(note.id)")], body: note.body)
    }
}

/// One note, scrollable.
@MainActor
package final class NoteDetailPanelView: PanelView, NoteDetailView {
    private let presenter: NoteDetailPresenter
    private let detail = DetailWidget(title: "")

    package init(presenter: NoteDetailPresenter) {
        self.presenter = presenter
        super.init()
        content = detail
        presenter.attach(self)
    }

    package override var routeComponent: String? { String(presenter.note.id) }

    package func show(title: String, fields: [DetailField], body: String) {
        self.title = title
        detail.title = title
        detail.fields = fields
        detail.paragraphs = [body]
    }
}
