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
    /// What the screen started (the catalogue load), ended by the router
    /// when the screen leaves its stack.
    package let work = ScreenWork()
    package private(set) var loading: Task<Void, Never>?

    package init(repository: CatalogRepository, favourites: any Favourites) {
        self.repository = repository
        self.favourites = favourites
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
        } else {
            view?.showRows()
        }
    }

    package var rowCount: Int { items.count }

    package func rowText(at index: Int) -> (title: String, secondary: String?) {
        guard items.indices.contains(index) else { return ("", nil) }
        return (items[index].title, items[index].year.map(String.init))
    }

    package func title(at index: Int) -> String { rowText(at: index).title }

    /// The indices among `candidates` (all rows when nil) whose title satisfies `isMatch`.
    package func titleIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int] {
        var found: [Int] = []
        for index in candidates ?? Array(items.indices) where isMatch(items[index].title) { found.append(index) }
        return found
    }

    /// The favourite's id: the selection stays on it when the favourites change.
    package func itemID(at index: Int) -> AnyHashable? {
        items.indices.contains(index) ? items[index].id : nil
    }

    package func didChoose(index: Int) {
        guard items.indices.contains(index) else { return }
        output?.favouritesDidChoose(itemID: items[index].id)
    }
}
