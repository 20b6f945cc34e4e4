import CatalogModel
import ShojiNavigation

/// The Favourites tab's list: the signed-in user's favourites in the order
/// they were added, following every change at once.
@MainActor
package final class FavouritesPresenter {
    package weak var view: (any FavouritesView)?
    package weak var output: (any FavouritesOutput)?
    private let repository: CatalogRepository
    private let favourites: any Favourites
    private var items: [CatalogItem] = []
    private var observation: FavouritesSubscription?
    /// A favourite to select once the rows are in (a restored list).
    private var pendingSelection: String?
    /// The favourite the view highlights, as it last reported.
    package private(set) var highlightedItemID: String?
    /// What the screen started (the catalogue load), ended by the router
    /// when the screen leaves its stack.
    package let work = ScreenWork()
    package private(set) var loading: Task<Void, Never>?

    /// A favourites presenter; `selecting` is the favourite to select once
    /// the rows are in.
    package init(repository: CatalogRepository, favourites: any Favourites, selecting itemID: String? = nil) {
        self.repository = repository
        self.favourites = favourites
        pendingSelection = itemID
    }

    package func viewDidLoad() {
        observation = favourites.observe { [weak self] in self?.refresh() }
        // The favourites stop being followed when the screen leaves.
        work.onEnd { [weak self] in self?.observation = nil }
        if repository.catalog != nil {
            refresh()
            return
        }
        view?.showLoading()
        loading = work.task { [weak self] in
            _ = await self?.repository.load()
            guard !Task.isCancelled else { return }
            self?.refresh()
        }
    }

    func refresh() {
        guard favourites.isAvailable else {
            view?.showEmpty(message: "Sign in to keep favourites: press 3 for Account.")
            return
        }
        guard let catalog = repository.catalog else { return }
        items = favourites.ids().compactMap { catalog.item(withID: $0) }
        if items.isEmpty {
            view?.showEmpty(message: "No favourites yet: open an item and press f.")
            didHighlight(index: nil)
        } else {
            // Selected before the rows show, so the view reports the restored
            // favourite as highlighted, not the first row first.
            if let id = pendingSelection, let index = items.firstIndex(where: { $0.id == id }) { view?.select(index: index) }
            pendingSelection = nil
            view?.showRows()
        }
    }

    package var rowCount: Int { items.count }

    package func rowText(at index: Int) -> (title: String, secondary: String?) {
        guard items.indices.contains(index) else { return ("", nil) }
        return (items[index].title, items[index].year.map(String.init))
    }

    package func title(at index: Int) -> String { rowText(at: index).title }

    /// The indices among `candidates` (all rows when nil) whose title or
    /// year (the columns the row shows) satisfies `isMatch`.
    package func shownIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int] {
        (candidates ?? Array(items.indices)).filter { index in
            let text = rowText(at: index)
            return isMatch(text.title) || text.secondary.map(isMatch) == true
        }
    }

    /// The favourite's id: the selection stays on it when the favourites change.
    package func itemID(at index: Int) -> AnyHashable? {
        items.indices.contains(index) ? items[index].id : nil
    }

    package func didHighlight(index: Int?) {
        let id = index.flatMap { items.indices.contains($0) ? items[$0].id : nil }
        guard id != highlightedItemID else { return }
        highlightedItemID = id
        output?.favouritesDidHighlight(itemID: id)
    }

    package func didChoose(index: Int) {
        guard items.indices.contains(index) else { return }
        output?.favouritesDidChoose(itemID: items[index].id)
    }
}
