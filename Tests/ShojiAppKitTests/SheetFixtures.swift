import ShojiAppKit

/// The presenter of a one-field "edit note" sheet: it answers with the
/// title, or cancels; pure navigation, no curses.
@MainActor
final class EditTitlePresenter {
    let result = ResultChannel<String>()
    let work = ScreenWork()

    func save(_ values: [String: String]) {
        let title = values["title"] ?? ""
        guard !title.isEmpty else { return }
        result.complete(title)
    }

    func cancel() { result.cancel(.cancelledByUser) }
}

/// An edit form presented as a sheet: two fields and Save/Cancel.
@MainActor
final class EditTitleSheet: PanelView, Sheet {
    let presenter: EditTitlePresenter
    let form = FormWidget(fields: [FormField(id: "title", label: "Title", text: "Milk"),
                                   FormField(id: "body", label: "Body")],
                          buttons: ["Save", "Cancel"])
    var result: ResultChannel<String> { presenter.result }

    init(presenter: EditTitlePresenter = EditTitlePresenter(), size: CellSize = CellSize(width: 44, height: 6)) {
        self.presenter = presenter
        self.size = size
        super.init(title: "Edit note")
        content = form
        screenWork = presenter.work
        form.onSubmit = { [weak presenter] values in presenter?.save(values) }
        form.onButton = { [weak self] index in
            guard let self else { return }
            if index == 0 { presenter.save(form.values) } else { presenter.cancel() }
        }
    }

    private let size: CellSize

    override func preferredSize(in screen: CellSize) -> CellSize {
        CellSize(width: min(size.width, screen.width), height: min(size.height, screen.height))
    }
}
