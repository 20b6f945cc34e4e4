/// What the notes list presenter asks of its view.
@MainActor
package protocol NotesListView: AnyObject {
    func showRows()
    func showEmpty(message: String)
    func select(index: Int)
}
