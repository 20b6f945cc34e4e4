/// One item, every field, and the favourite toggle for a signed-in user.
@MainActor
public final class DetailPresenter {
    public weak var view: (any DetailView)?
    public let item: CatalogItem
    private let favourites: any Favourites

    public init(item: CatalogItem, favourites: any Favourites) {
        self.item = item
        self.favourites = favourites
    }

    public func viewDidLoad() { refresh() }

    public func didPressToggleFavourite() {
        // A guest already sees the hint in place of the toggle.
        guard favourites.isAvailable else { return }
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
        let fields = item.fields.map {
            (label: $0.name.shown(limit: Self.maximumLabelLength), value: $0.value.shown(limit: Self.maximumValueLength))
        }
        view?.show(title: title, fields: fields, favourite: state)
    }

    /// The item's title as the screen shows it (the breadcrumb too).
    public var title: String { item.title.shown(limit: Self.maximumTitleLength) }

    /// Longer text from the catalogue is cut with a note saying so.
    static let maximumTitleLength = 1_000
    static let maximumLabelLength = 200
    static let maximumValueLength = 20_000

    var state: FavouriteState {
        guard favourites.isAvailable else { return .unavailable(hint: Self.guestHint) }
        return favourites.contains(item.id) ? .on : .off
    }

    static let guestHint = "Sign in to keep favourites (you are browsing as a guest)."
}
