/// The Favourites tab's list: the signed-in user's favourites in the order
/// they were added, following every change at once.
@MainActor
public final class FavouritesPresenter {
    public weak var view: (any FavouritesView)?
    public weak var route: (any FavouritesRoute)?
    private let repository: CatalogRepository
    private let favourites: any Favourites
    private var items: [CatalogItem] = []
    private var observation: FavouritesSubscription?
    public private(set) var loading: Task<Void, Never>?

    public init(repository: CatalogRepository, favourites: any Favourites) {
        self.repository = repository
        self.favourites = favourites
    }

    public func viewDidLoad() {
        observation = favourites.observe { [weak self] in self?.refresh() }
        if repository.catalog != nil {
            refresh()
            return
        }
        view?.showLoading()
        loading = Task { [weak self] in
            _ = await self?.repository.load()
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
            view?.showRows(count: items.count)
        }
    }

    public var rowCount: Int { items.count }

    public func row(at index: Int) -> (title: String, secondary: String?) {
        guard items.indices.contains(index) else { return ("", nil) }
        return (items[index].title, items[index].year.map(String.init))
    }

    public func title(at index: Int) -> String { row(at: index).title }

    /// The indices among `candidates` (all rows when nil) whose title satisfies `isMatch`.
    public func titleIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int] {
        var found: [Int] = []
        for index in candidates ?? Array(items.indices) where isMatch(items[index].title) { found.append(index) }
        return found
    }

    public func didChoose(index: Int) {
        guard items.indices.contains(index) else { return }
        route?.favouritesDidChoose(itemID: items[index].id)
    }
}
