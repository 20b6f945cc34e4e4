/// A module shown as a sheet: a modal that answers its caller with a typed
/// value, or with a cancel, exactly once.
///
/// The view conforms by exposing the `ResultChannel` its presenter finishes
/// (`result.complete(note)` on Save, `result.cancel(.cancelledByUser)` on
/// Cancel); the presenter needs nothing but ShojiNavigation for that. The
/// caller presents it with `Coordinator.presentSheet(_:answer:)` (or
/// `await presentSheet(_:)`), which frames it, dismisses it once answered,
/// and turns any other way out (Esc, its flow ending, a deep link replacing
/// the stack) into a cancel.
///
///     final class EditNotePanelView: PanelView, Sheet {
///         private let presenter: EditNotePresenter
///         var result: ResultChannel<Note> { presenter.result }
///         // ... a FormWidget as content, its buttons calling the presenter
///     }
///
///     let edited = await presentSheet(EditNotePanelView(presenter: EditNotePresenter(note)))
@MainActor
public protocol Sheet: PanelView {
    /// What the sheet answers with.
    associatedtype Value
    /// Completed with the sheet's value, or cancelled; resolved once.
    var result: ResultChannel<Value> { get }
}

extension AlertPanelView: Sheet {}
