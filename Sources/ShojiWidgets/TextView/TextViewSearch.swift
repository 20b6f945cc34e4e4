/// A text view's search: the field being typed and its direction, the
/// query found with, the match shown and the note about the last search.
struct TextViewSearch {
    /// The field's text while it is open (capped as the list filter's).
    var editor = TextFieldEditor(maximumLength: ListWidget.defaultFilterLength)
    /// Whether the field was opened with `?` (searching toward the top).
    var fieldIsBackward = false
    /// The query last searched for; nil when no search is active.
    var query: TextQuery?
    /// Whether the last search went toward the top: `n` goes on that way,
    /// `N` the other.
    var isBackward = false
    /// The match shown: its line and where it starts (UTF-8 offset in the
    /// line as shown).
    var current: (line: Int, offset: Int)?
    /// What the last search says on the bottom row: found nothing, or went
    /// round the end; until the next move.
    var note: String?
}
