import CatalogModel
import ShojiNavigation

/// The Catalog tab's welcome: what the catalogue is and how to browse it.
@MainActor
package final class HomePresenter {
    package weak var view: (any HomeView)?
    package weak var output: (any HomeOutput)?
    private let repository: CatalogRepository
    /// What the screen started (the catalogue load), ended by the router
    /// when the screen leaves its stack.
    package let work = ScreenWork()
    package private(set) var loading: Task<Void, Never>?

    package init(repository: CatalogRepository) {
        self.repository = repository
    }

    package func viewDidLoad() {
        if let cached = repository.catalog {
            show(summary: Self.summary(of: .success(cached)))
            return
        }
        show(summary: "Loading the catalogue…")
        loading = work.task { [weak self] in
            guard let repository = self?.repository else { return }
            let result = await repository.load()
            guard !Task.isCancelled else { return }
            self?.show(summary: Self.summary(of: result))
        }
    }

    package func didPressEnter() { output?.homeDidRequestBrowse() }

    private func show(summary: String) {
        view?.show(title: "Catalog", summary: summary, hint: "Press Enter to browse the list (/ filters it there), ? for every key.")
    }

    static func summary(of result: Result<Catalog, CatalogError>) -> String {
        switch result {
        case .success(let catalog):
            let noun = catalog.count == 1 ? "item" : "items"
            return "\(catalog.count.groupedDigits) \(noun) · \(catalog.source)"
        case .failure(let error):
            return "The catalogue could not be loaded: \(error.description)"
        }
    }
}
