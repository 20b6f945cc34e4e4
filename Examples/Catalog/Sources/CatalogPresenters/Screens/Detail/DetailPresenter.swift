import CatalogModel
import ShojiNavigation

/// One item, every field, and the favourite toggle for a signed-in user.
/// Made from the item's id, so a deep link can show the screen before the
/// catalogue has loaded: it looks the item up once the catalogue is in.
@MainActor
package final class DetailPresenter {
    package weak var view: (any DetailView)?
    package weak var output: (any DetailOutput)?
    package let itemID: String
    package private(set) var item: CatalogItem?
    private let repository: CatalogRepository
    private let favourites: any Favourites
    /// What the screen started (the catalogue load), ended by the router
    /// when the screen leaves its stack.
    package let work = ScreenWork()
    /// The catalogue load a deep link waits for, so tests can await it.
    package private(set) var loading: Task<Void, Never>?

    package init(itemID: String, repository: CatalogRepository, favourites: any Favourites) {
        self.itemID = itemID
        self.repository = repository
        self.favourites = favourites
    }

    package func viewDidLoad() {
        if let catalog = repository.catalog {
            resolve(in: catalog)
            return
        }
        view?.showLoading()
        loading = work.task { [weak self] in
            guard let repository = self?.repository else { return }
            let result = await repository.load()
            guard !Task.isCancelled else { return }
            switch result {
            case .success(let catalog): self?.resolve(in: catalog)
            case .failure(let error): self?.view?.showMessage("The catalogue could not be loaded: \(error)")
            }
        }
    }

    private func resolve(in catalog: Catalog) {
        guard let found = catalog.item(withID: itemID) else {
            output?.detailDidNotFindItem()
            return
        }
        item = found
        refresh()
    }

    package func didPressToggleFavourite() {
        // A guest already sees the hint in place of the toggle.
        guard favourites.isAvailable, let item else { return }
        do {
            let isOn = try favourites.toggle(item.id)
            refresh()
            view?.showMessage(isOn ? "Added to Favourites" : "Removed from Favourites")
        } catch let error as StorageError {
            // The favourite is as it was (the transaction rolled back): say so plainly.
            view?.showMessage("Could not save the favourite: \(error.reason)")
        } catch {
            view?.showMessage("Could not save the favourite: \(error)")
        }
    }

    private func refresh() {
        guard let item else { return }
        let fields = item.fields.map {
            (label: $0.name.shown(limit: Self.maximumLabelLength), value: $0.value.shown(limit: Self.maximumValueLength))
        }
        view?.show(title: title, fields: fields, favourite: state)
    }

    /// The item's title as the screen shows it (the breadcrumb too).
    package var title: String { item.map { $0.title.shown(limit: Self.maximumTitleLength) } ?? "" }

    /// Longer text from the catalogue is cut with a note saying so.
    static let maximumTitleLength = 1_000
    static let maximumLabelLength = 200
    static let maximumValueLength = 20_000

    var state: FavouriteState {
        guard favourites.isAvailable else { return .unavailable(hint: Self.guestHint) }
        return favourites.contains(itemID) ? .on : .off
    }

    static let guestHint = "Sign in to keep favourites (you are browsing as a guest)."
}
