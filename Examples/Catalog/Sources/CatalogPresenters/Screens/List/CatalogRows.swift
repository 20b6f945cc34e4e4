import CatalogModel
import ShojiPresentation

/// What the catalogue list's and the favourites' presenters share: rows as
/// plain text (the presenters import no curses types) and a search of
/// every column shown (title and year) over their own items in one loop. This turns them into the kit's
/// `ListScreenRows` for `ListScreenView`.
@MainActor
package protocol CatalogRows: ListScreenRows {
    /// The row at `index`: the title, and the year as the secondary column.
    func rowText(at index: Int) -> (title: String, secondary: String?)
    /// The indices among `candidates` (all rows when nil) whose title or
    /// year (every column the row shows) satisfies `isMatch`.
    func shownIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int]
}

extension CatalogRows {
    package func row(at index: Int) -> ListRow {
        let text = rowText(at: index)
        return ListRow(title: text.title, secondary: text.secondary)
    }

    /// The filter's search, in one pass over the presenter's own storage:
    /// what the table shows, so typing a year finds that year's rows.
    package func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        shownIndices(among: candidates, where: query.matches)
    }
}

extension ListPresenter: CatalogRows {}
extension FavouritesPresenter: CatalogRows {}

extension Alert where Value == Void {
    /// A route or a favourite named an item the catalogue does not have.
    package static func missingItem(_ id: String) -> Alert<Void> {
        .notice("No such item", message: "The catalogue has no item with the id '\(id)'.")
    }
}
