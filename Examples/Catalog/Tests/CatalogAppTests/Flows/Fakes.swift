import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// A catalogue service that answers with a fixed result, counting loads.
final class StubCatalogService: CatalogService, @unchecked Sendable {
    var result: Result<Catalog, CatalogError>
    private(set) var loads = 0
    var sourceDescription: String { "stub" }

    init(_ result: Result<Catalog, CatalogError>) { self.result = result }

    func load() async throws -> Catalog {
        loads += 1
        return try result.get()
    }
}

/// Three phones, enough to browse.
let sampleCatalog = Catalog(source: "sample", items: [
    CatalogItem(id: "iphone", title: "iPhone", year: 2007, fields: [CatalogField(name: "Chip", value: "Samsung")]),
    CatalogItem(id: "iphone-3g", title: "iPhone 3G", year: 2008, fields: []),
    CatalogItem(id: "iphone-15-pro", title: "iPhone 15 Pro", year: 2023,
                fields: [CatalogField(name: "Chip", value: "A17 Pro"), CatalogField(name: "Launch price", value: "$999")]),
])

/// Favourites kept in memory, signed in or not.
@MainActor
final class InMemoryFavourites: Favourites {
    var isAvailable: Bool
    private var stored: [String] = []
    private var observers: [Int: @MainActor () -> Void] = [:]
    private var nextObserver = 0

    init(signedIn: Bool = true, ids: [String] = []) {
        isAvailable = signedIn
        stored = ids
    }

    func contains(_ itemID: String) -> Bool { stored.contains(itemID) }

    func toggle(_ itemID: String) throws -> Bool {
        if let index = stored.firstIndex(of: itemID) { stored.remove(at: index) } else { stored.append(itemID) }
        observers.values.forEach { $0() }
        return stored.contains(itemID)
    }

    func ids() -> [String] { stored }

    var observerCount: Int { observers.count }

    func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription {
        nextObserver += 1
        let id = nextObserver
        observers[id] = onChange
        return FavouritesSubscription { [weak self] in
            MainActor.assumeIsolated { _ = self?.observers.removeValue(forKey: id) }
        }
    }
}

/// Builds fake modules that log their lifecycle, and keeps the presenters
/// and alert channels so tests can drive them.
@MainActor
class FakeCatalogModuleFactory: CatalogModuleFactory {
    let log = EventLog()
    let repository: CatalogRepository
    var listPresenters: [ListPresenter] = []
    var details: [String] = []
    /// What each list was asked to select.
    var listSelections: [String?] = []

    init(repository: CatalogRepository) { self.repository = repository }

    func makeHome(output: any HomeOutput) -> any Presentable {
        FakePresentable("home", log: log, routeComponent: "home")
    }

    func makeList(output: any ListOutput, selecting itemID: String?) -> any Presentable {
        listSelections.append(itemID)
        let presenter = ListPresenter(repository: repository, selecting: itemID)
        presenter.output = output
        listPresenters.append(presenter)
        return ListFake(presenter: presenter, log: log)
    }

    func makeDetail(itemID: String, favourites: any Favourites, output: any DetailOutput) -> any Presentable {
        details.append(itemID)
        return DetailFake(itemID: itemID, repository: repository, output: output, log: log)
    }
}

/// A detail module that, like the real one, looks its item up once the
/// catalogue is in and reports a missing one to its output.
@MainActor
final class DetailFake: FakePresentable {
    private(set) var lookup: Task<Void, Never>?

    init(itemID: String, repository: CatalogRepository, output: any DetailOutput, log: EventLog) {
        super.init("detail:\(itemID)", log: log, routeComponent: itemID)
        lookup = Task { [weak output] in
            guard case .success(let catalog) = await repository.load() else { return }
            if catalog.item(withID: itemID) == nil { output?.detailDidNotFindItem(itemID) }
        }
    }
}

/// The alerts a coordinator presented on `router`, bottom first.
@MainActor
func alerts<Value>(on router: any Routing, of type: Value.Type) -> [AlertPanelView<Value>] {
    router.entries.compactMap { $0.presentable as? AlertPanelView<Value> }
}

/// A list module: the view owns its presenter (the ShojiAppKit article "Adding a screen").
@MainActor
final class ListFake: FakePresentable {
    let presenter: ListPresenter
    init(presenter: ListPresenter, log: EventLog) {
        self.presenter = presenter
        super.init("list", log: log, routeComponent: "catalog")
        presenter.viewDidLoad()
    }
}

/// A tab's stack as the user sees it collapsed: a split stands for its list
/// and its open detail.
@MainActor
func screens(of router: any Routing) -> [String] {
    router.entries.flatMap { entry -> [String] in
        guard let split = entry.presentable as? SplitContainer else { return ["\(entry.presentable)"] }
        let detail = split.isDetailOpen ? split.secondaryRouter.entries : []
        return (split.primaryRouter.entries + detail).map { "\($0.presentable)" }
    }
}
