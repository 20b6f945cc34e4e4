import CatalogModel
import ShojiNavigation
import ShojiPresentation

/// The catalogue list: loads through the repository and formats rows as a
/// title and a year. Never imports curses.
@MainActor
package final class ListPresenter {
    package weak var view: (any ListView)?
    package weak var output: (any ListOutput)?
    private let repository: CatalogRepository
    private var catalog: Catalog?
    /// An item to select once the rows are in (a deep link).
    private var pendingSelection: String?
    /// The item the view highlights, as it last reported: the presenter's
    /// own state, never read back from the view.
    package private(set) var highlightedItemID: String?
    /// What the screen started (the catalogue load), ended by the router
    /// when the screen leaves its stack.
    package let work = ScreenWork()
    /// The last load, so tests (and the view) can await it.
    package private(set) var loading: Task<Void, Never>?

    /// A list presenter; `selecting` is the item to select once the rows
    /// are in (a deep link to it).
    package init(repository: CatalogRepository, selecting itemID: String? = nil) {
        self.repository = repository
        pendingSelection = itemID
    }

    package func viewDidLoad() { load() }

    package func load() {
        // Already loaded (a second visit, a deep link): show it at once, no spinner flash.
        if let cached = repository.catalog {
            apply(.success(cached))
            return
        }
        view?.showLoading()
        loading = work.task { [weak self] in
            guard let repository = self?.repository else { return }
            let result = await repository.load { [weak self] count in
                self?.view?.showProgress(WorkProgress(Self.progressLabel(for: count), count))
            }
            // The screen left while the shared load went on: nothing to show it on.
            guard !Task.isCancelled else { return }
            self?.view?.showProgress(nil)
            self?.apply(result)
        }
    }

    /// The model counts without words: bytes come from a download, anything
    /// else from reading.
    private static func progressLabel(for count: WorkCount) -> String {
        count.unit == .bytes ? "Downloading" : "Loading"
    }

    private func apply(_ result: Result<Catalog, CatalogError>) {
        switch result {
        case .success(let loaded):
            catalog = loaded
            if loaded.isEmpty {
                view?.showEmpty(message: "The catalogue \(loaded.source) has no items.")
            } else {
                // Selected before the rows show, so the view reports one
                // highlighted item (the deep-linked one), not the first row first.
                if let id = pendingSelection { select(itemID: id) }
                view?.showRows()
            }
        case .failure(let error):
            // The list stops spinning and says why; the coordinator offers Retry.
            view?.showEmpty(message: "The catalogue could not be loaded.")
            output?.listDidFailToLoad(message: error.description) { [weak self] in self?.load() }
        }
    }

    package var rowCount: Int { catalog?.count ?? 0 }

    /// The row at `index`: the title, and the year as the secondary column.
    /// Reads only those two, never a whole item: this runs for every visible
    /// row at every redraw.
    package func rowText(at index: Int) -> (title: String, secondary: String?) {
        guard let catalog, catalog.indices.contains(index) else { return ("", nil) }
        return (catalog.title(at: index), catalog.year(at: index).map(String.init))
    }

    /// The title alone, for filtering without building whole items.
    package func title(at index: Int) -> String {
        guard let catalog, catalog.indices.contains(index) else { return "" }
        return catalog.title(at: index)
    }

    /// The indices among `candidates` (all rows when nil) whose title or
    /// year satisfies `isMatch`: the filter's search, in one pass over the catalogue.
    package func shownIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int] {
        catalog?.positions(among: candidates, whereTitleOrYear: isMatch) ?? []
    }

    /// The item's id: the selection follows the item, not its row.
    package func itemID(at index: Int) -> AnyHashable? {
        guard let catalog, catalog.indices.contains(index) else { return nil }
        return catalog.id(at: index)
    }

    package func didHighlight(index: Int?) {
        let id = index.flatMap { index in catalog.flatMap { $0.indices.contains(index) ? $0.id(at: index) : nil } }
        guard id != highlightedItemID else { return }
        highlightedItemID = id
        output?.listDidHighlight(itemID: id)
    }

    package func didChoose(index: Int) {
        guard let catalog, catalog.indices.contains(index) else { return }
        output?.listDidChoose(itemID: catalog.id(at: index))
    }

    /// Selects the item with `id`, now or as soon as the rows are in (deep links).
    package func select(itemID: String) {
        guard let catalog else {
            pendingSelection = itemID
            return
        }
        pendingSelection = nil
        guard let index = catalog.index(ofID: itemID) else { return }
        view?.select(index: index)
    }
}
