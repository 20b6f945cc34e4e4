/// The program a file is opened in from the listing: the user's editor
/// (Enter, `e`) or pager (`o`).
package enum FileOpener: Sendable {
    case editor, pager
}
