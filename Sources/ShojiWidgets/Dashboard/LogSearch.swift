import ShojiCurses

/// A log view's search: the field being typed, the query found with, the
/// match shown and what found nothing.
struct LogSearch {
    /// The field's text while it is open.
    var editor = TextFieldEditor(maximumLength: ListWidget.defaultFilterLength)
    /// The query last searched for; nil when no search is active.
    var query: TextQuery?
    /// The line of the match shown, by its number for good (see `LogWidget.dropped`).
    var current: Int?
    /// The query that found nothing, for the mark, until the next move.
    var notFound: String?
}
