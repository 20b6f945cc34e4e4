/// A sheet made of a form, with what every such sheet repeated done once:
/// Save and Cancel buttons, Enter in a one-line field saves, Ctrl-S saves
/// from anywhere when a multi-line field takes Enter as a newline, and Esc
/// after an edit asks "Discard changes?" instead of dropping the edit.
///
/// The sheet is as tall as its form (`FormWidget` measures its fields,
/// errors and message) and grows or shrinks with it, whether a key (Save)
/// or a later answer (an async validation's `setError`) changed it; where the screen is too small for that, the form scrolls in a
/// `ScrollWidget` and Tab keeps the focused field and the buttons in sight.
///
/// The presenter keeps the checks and the result: `save` gets the form's
/// values and completes the sheet's result (or shows an error with
/// `form.setError(_:forField:)`); Cancel cancels it.
///
///     final class NoteFormPanelView: FormSheet<Note>, NoteFormView {
///         init(presenter: NoteFormPresenter) {
///             super.init(title: presenter.title, fields: [...], result: presenter.result) { [weak presenter] values in
///                 presenter?.save(values)
///             }
///         }
///     }
///
/// Presented with `Coordinator.presentSheet(_:answer:)`, which asks the
/// discard question as an alert on the caller's router. Presented some
/// other way, nobody can ask, so Esc after an edit keeps the sheet (Cancel
/// still leaves).
@MainActor
open class FormSheet<Value>: PanelView, Sheet, ConfirmsDiscard {
    /// The form: its fields, then the Save and Cancel buttons.
    public let form: FormWidget
    /// Completed by the presenter's `save`; cancelled by Cancel and by
    /// every other way out.
    public let result: ResultChannel<Value>
    private let save: ([String: String]) -> Void
    var confirmDiscard: ((BackApproval) -> Void)?

    /// A sheet titled `title` over `fields`, answering through `result`.
    ///
    /// - Parameters:
    ///   - title: the sheet's title, drawn in its frame's top edge.
    ///   - fields: the form's fields, top to bottom; one with `lines` above 1
    ///     is a text area and brings Ctrl-S.
    ///   - result: the channel the presenter completes; Cancel cancels it.
    ///   - save: called with every field's text by id on Save, on Enter in
    ///     a one-line field and on Ctrl-S; it completes `result` when the
    ///     values are good.
    ///   - saveTitle: the first button's title ("Save", "Add", "Rename").
    public init(title: String, fields: [FormField], result: ResultChannel<Value>, saveTitle: String = "Save",
                save: @escaping ([String: String]) -> Void) {
        form = FormWidget(fields: fields, buttons: [saveTitle, "Cancel"])
        self.result = result
        self.save = save
        super.init(title: title)
        // In a scroll view: a form taller than the sheet can be (field
        // errors on a small screen) scrolls, and Tab keeps the focused field
        // and the buttons in sight.
        content = ScrollWidget(form)
        form.onSubmit = { [weak self] _ in self?.saveNow() }
        form.onButton = { [weak self] index in
            if index == 0 { self?.saveNow() } else { self?.result.cancel(.cancelledByUser) }
        }
        // Enter is a newline in a text area, so it needs another key to save.
        if fields.contains(where: { $0.lines > 1 }) {
            bind([.control("s")], saveTitle.lowercased()) { [weak self] in self?.saveNow() }
        }
    }

    /// Calls `save` with the form's values, as the Save button does.
    func saveNow() { save(form.values) }

    /// Esc: leaves at once when nothing was edited; after an edit, asks
    /// "Discard changes?" (or stays, when nobody can ask).
    open override func decideBack() -> BackDecision {
        guard form.hasChanges else { return .leave }
        guard let confirmDiscard else { return .stay }
        return .ask(confirmDiscard)
    }
}

/// A sheet that asks before an edit is thrown away; `presentSheet` gives it
/// the question to ask.
@MainActor
protocol ConfirmsDiscard: AnyObject {
    var confirmDiscard: ((BackApproval) -> Void)? { get set }
}
