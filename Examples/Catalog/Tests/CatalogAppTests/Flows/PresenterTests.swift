import Foundation
import Testing
import ShojiPresentation
import ShojiAppKit
import ShojiTesting
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@MainActor
final class ListViewSpy: ListView {
    var events: [String] = []
    func showLoading() { events.append("loading") }
    func showRows() { events.append("rows") }
    func showEmpty(message: String) { events.append("empty(\(message))") }
    func select(index: Int) { events.append("select(\(index))") }
    /// Every progress shown, nil when it ended.
    var progress: [WorkProgress?] = []
    func showProgress(_ progress: WorkProgress?) { self.progress.append(progress) }
}

/// A download that reports two chunks of a 300-byte body, then the catalogue.
private struct DownloadingService: CatalogService {
    var sourceDescription: String { "https://example.com/c.json" }
    func load() async throws -> Catalog { sampleCatalog }
    func load(progress: @escaping @Sendable (WorkCount) -> Void) async throws -> Catalog {
        for received in [0, 120, 300] { progress(WorkCount(completed: received, total: 300, unit: .bytes)) }
        return sampleCatalog
    }
}

@MainActor
private final class ListOutputSpy: ListOutput {
    var chosen: [String] = []
    var failures: [String] = []
    func listDidChoose(itemID: String) { chosen.append(itemID) }
    func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void) { failures.append(message) }
}

@MainActor
private final class DetailViewSpy: DetailView {
    var title = ""
    var fields: [String] = []
    var favourite: FavouriteState?
    var messages: [String] = []
    func show(title: String, fields: [(label: String, value: String)], favourite: FavouriteState) {
        self.title = title
        self.fields = fields.map { "\($0.label): \($0.value)" }
        self.favourite = favourite
    }
    func showMessage(_ message: String) { messages.append(message) }
    var loadingShown = 0
    func showLoading() { loadingShown += 1 }
}

private final class DetailOutputSpy: DetailOutput {
    var missing = 0
    var missingIDs: [String] = []
    func detailDidNotFindItem(_ itemID: String) { missing += 1; missingIDs.append(itemID) }
}

extension DetailPresenter {
    /// A presenter whose catalogue is already loaded and holds `item`.
    convenience init(item: CatalogItem, favourites: any Favourites) {
        let repository = CatalogRepository(service: StubCatalogService(.success(sampleCatalog)))
        repository.adopt(Catalog(source: "test", items: [item]))
        self.init(itemID: item.id, repository: repository, favourites: favourites)
    }
}

@MainActor
private final class HomeViewSpy: HomeView {
    var summaries: [String] = []
    func show(title: String, summary: String, hint: String) { summaries.append(summary) }
}

@MainActor
private final class FavouritesViewSpy: FavouritesView {
    var events: [String] = []
    func showLoading() { events.append("loading") }
    func showRows() { events.append("rows") }
    func showEmpty(message: String) { events.append("empty") }
    func select(index: Int) { events.append("select \(index)") }
}

@MainActor
struct ListPresenterTests {
    @Test func showsLoadingThenRowsWithTheYearAsSecondaryColumn() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let view = ListViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.events == ["loading"])
        await presenter.loading?.value
        #expect(view.events == ["loading", "rows"])
        #expect(presenter.row(at: 2).title == "iPhone 15 Pro")
        #expect(presenter.row(at: 2).secondary == "2023")
        #expect(presenter.title(at: 1) == "iPhone 3G")
    }

    @Test func anEmptyCatalogueSaysSo() async {
        let presenter = ListPresenter(repository: CatalogRepository(
            service: StubCatalogService(.success(Catalog(source: "empty.json", items: [])))))
        let view = ListViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loading?.value
        #expect(view.events.last == "empty(The catalogue empty.json has no items.)")
    }

    @Test func aDownloadShowsTheBytesReceivedThenTheRows() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: DownloadingService()))
        let view = ListViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loading?.value
        let shown = view.progress.compactMap { $0 }
        #expect(shown.map(\.completed) == shown.map(\.completed).sorted(), "never backwards")
        #expect(shown.last?.completedText == "300 B" || shown.last?.completed == 300)
        #expect(shown.allSatisfy { $0.unit == .bytes && $0.total == 300 })
        #expect(shown.allSatisfy { $0.label == "Downloading" }, "the presenter names bytes received")
        #expect(view.progress.last == .some(nil), "the progress ends before the rows show")
        #expect(view.events == ["loading", "rows"])
    }

    @Test func choosingAnIndexRoutesItsID() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let output = ListOutputSpy()
        presenter.output = output
        presenter.viewDidLoad()
        await presenter.loading?.value
        presenter.didChoose(index: 1)
        presenter.didChoose(index: 99)
        #expect(output.chosen == ["iphone-3g"])
    }

    @Test func aFailureGoesToTheRouteWithTheErrorText() async {
        let error = CatalogError.topLevelNotArray(source: "x.json", found: "an object")
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.failure(error))))
        let output = ListOutputSpy()
        let view = ListViewSpy()
        presenter.output = output
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loading?.value
        #expect(output.failures == [error.description])
        #expect(presenter.rowCount == 0)
        #expect(view.events == ["loading", "empty(The catalogue could not be loaded.)"])
    }
}

@MainActor
struct HomePresenterTests {
    @Test func summarisesTheSourceAndCount() async {
        let presenter = HomePresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let view = HomeViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        await presenter.loading?.value
        #expect(view.summaries == ["Loading the catalogue…", "3 items · sample"])
    }
}

@MainActor
struct DetailPresenterTests {
    @Test func showsEveryFieldAndTogglesTheFavourite() {
        let favourites = InMemoryFavourites()
        let presenter = DetailPresenter(item: sampleCatalog[2], favourites: favourites)
        let view = DetailViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.title == "iPhone 15 Pro")
        #expect(view.fields == ["Chip: A17 Pro", "Launch price: $999"])
        #expect(view.favourite == .off)
        presenter.didPressToggleFavourite()
        #expect(view.favourite == .on)
        #expect(favourites.ids() == ["iphone-15-pro"])
        #expect(view.messages == ["Added to Favourites"])
        presenter.didPressToggleFavourite()
        #expect(view.favourite == .off)
        #expect(view.messages.last == "Removed from Favourites")
    }

    /// A 10 MB field would cost 10 MB of layout at every draw: the screen
    /// gets the start of it and how long it really is.
    @Test func hugeTextIsCutForTheScreenWithItsRealLength() {
        let huge = String(repeating: "é", count: 30_000)
        let item = CatalogItem(id: "big", title: String(repeating: "t", count: 5_000), year: nil,
                               fields: [CatalogField(name: "note", value: huge), CatalogField(name: "chip", value: "A1")])
        let presenter = DetailPresenter(item: item, favourites: InMemoryFavourites())
        let view = DetailViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.title == String(repeating: "t", count: 1_000) + "… (cut: 5,000 bytes in all)")
        #expect(presenter.title == view.title)
        #expect(view.fields == ["note: " + String(repeating: "é", count: 20_000) + "… (cut: 60,000 bytes in all)", "chip: A1"])
        #expect("ab".shown(limit: 2) == "ab")
        #expect("éé".shown(limit: 2) == "éé")
    }

    /// A write that cannot land (a full disk): the screen says so, and
    /// the star still shows what is stored.
    @Test func aFailedWriteIsReportedAndTheStarStaysAsStored() {
        final class FullDisk: Favourites {
            var isAvailable: Bool { true }
            func contains(_ itemID: String) -> Bool { false }
            func toggle(_ itemID: String) throws -> Bool {
                throw StorageError(action: "toggle a favourite", error: POSIXError(.EFBIG))
            }
            func ids() -> [String] { [] }
            func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription { FavouritesSubscription {} }
        }
        let presenter = DetailPresenter(item: sampleCatalog[0], favourites: FullDisk())
        let view = DetailViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        presenter.didPressToggleFavourite()
        #expect(view.favourite == .off)
        #expect(view.messages.count == 1)
        #expect(view.messages.first?.hasPrefix("Could not save the favourite: ") == true)
        #expect(view.messages.first?.contains("Could not toggle") == false)
    }

    /// A deep link shows the detail before the catalogue is in: it waits,
    /// then shows the item, or tells its route the item does not exist.
    @Test func anItemNotYetLoadedIsShownOnceTheCatalogueIsIn() async {
        let repository = CatalogRepository(service: StubCatalogService(.success(sampleCatalog)))
        let presenter = DetailPresenter(itemID: "iphone-15-pro", repository: repository, favourites: InMemoryFavourites())
        let view = DetailViewSpy()
        let output = DetailOutputSpy()
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        #expect(view.loadingShown == 1 && view.title.isEmpty)
        await presenter.loading?.value
        #expect(view.title == "iPhone 15 Pro")
        #expect(output.missing == 0)

        let unknown = DetailPresenter(itemID: "iphone-99", repository: repository, favourites: InMemoryFavourites())
        unknown.view = view
        unknown.output = output
        unknown.viewDidLoad()
        #expect(output.missing == 1)
        #expect(unknown.item == nil)
    }

    /// A preview beside the list moves on in place: the presenter shows the
    /// next item, loading first when the catalogue is not in yet, and names
    /// the item it could not find.
    @Test func showingAnotherItemInPlace() async {
        let repository = CatalogRepository(service: StubCatalogService(.success(sampleCatalog)))
        let presenter = DetailPresenter(itemID: "iphone-15-pro", repository: repository, favourites: InMemoryFavourites())
        let view = DetailViewSpy()
        let output = DetailOutputSpy()
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        presenter.show(itemID: sampleCatalog[0].id)
        await presenter.loading?.value
        #expect(view.title == sampleCatalog[0].title, "the load resolves the item shown when it ends")
        presenter.show(itemID: sampleCatalog[1].id)
        #expect(view.title == sampleCatalog[1].title)
        #expect(presenter.itemID == sampleCatalog[1].id)
        presenter.show(itemID: "iphone-99")
        #expect(output.missingIDs == ["iphone-99"])
    }

    @Test func aGuestGetsAHintInsteadOfAToggle() {
        let favourites = InMemoryFavourites(signedIn: false)
        let presenter = DetailPresenter(item: sampleCatalog[0], favourites: favourites)
        let view = DetailViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        presenter.didPressToggleFavourite()
        #expect(view.favourite == .unavailable(hint: DetailPresenter.guestHint))
        #expect(view.messages.isEmpty)
        #expect(favourites.ids().isEmpty)
    }
}

@MainActor
struct FavouritesPresenterTests {
    @Test func followsChangesAtOnceAndStopsWhenReleased() async {
        let favourites = InMemoryFavourites(ids: ["iphone-3g"])
        var presenter: FavouritesPresenter? = FavouritesPresenter(
            repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))), favourites: favourites)
        let view = FavouritesViewSpy()
        presenter?.view = view
        presenter?.viewDidLoad()
        await presenter?.loading?.value
        #expect(view.events == ["loading", "rows"])
        _ = try? favourites.toggle("iphone-15-pro")
        #expect(view.events.last == "rows")
        #expect(presenter?.row(at: 1).title == "iPhone 15 Pro")
        presenter = nil
        #expect(favourites.observerCount == 0)
    }

    @Test func emptyAndGuestStates() async {
        let guest = FavouritesPresenter(
            repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))),
            favourites: InMemoryFavourites(signedIn: false))
        let view = FavouritesViewSpy()
        guest.view = view
        guest.viewDidLoad()
        await guest.loading?.value
        #expect(view.events == ["loading", "empty"])
        #expect(guest.rowCount == 0)
    }
}

@MainActor
struct CatalogRepositoryTests {
    @Test func concurrentLoadsShareOneLoadAndAllSeeTheCatalogue() async {
        let service = StubCatalogService(.success(sampleCatalog))
        let repository = CatalogRepository(service: service)
        async let first = repository.load()
        async let second = repository.load()
        let results = await [first, second]
        #expect(results.allSatisfy { (try? $0.get())?.count == 3 })
        #expect(repository.catalog?.count == 3)
        #expect(service.loads == 1)
    }

    @Test func aFailedLoadIsNotKeptSoRetryLoadsAgain() async {
        let service = StubCatalogService(.failure(.network(url: "u", reason: "down")))
        let repository = CatalogRepository(service: service)
        _ = await repository.load()
        #expect(repository.catalog == nil)
        service.result = .success(sampleCatalog)
        _ = await repository.load()
        #expect(repository.catalog?.count == 3)
        #expect(service.loads == 2)
    }

    /// Every count a load reports reaches the main actor before its result,
    /// in order, the last one included: a download that reports often (here
    /// a thousand counts from a busy pool) still ends on its full count.
    @Test func theLastCountIsToldBeforeTheResult() async {
        for _ in 0..<20 {
            let repository = CatalogRepository(service: ChattyDownloadService())
            var told: [Int] = []
            _ = await repository.load { told.append($0.completed) }
            #expect(told.last == ChattyDownloadService.size)
            #expect(told == told.sorted(), "never backwards")
        }
    }
}

/// A download that reports each of its thousand bytes, from another task.
private struct ChattyDownloadService: CatalogService {
    static let size = 1000
    var sourceDescription: String { "https://example.com/chatty.json" }
    func load() async throws -> Catalog { sampleCatalog }
    func load(progress: @escaping @Sendable (WorkCount) -> Void) async throws -> Catalog {
        await Task.detached {
            for received in 0...Self.size { progress(WorkCount(completed: received, total: Self.size, unit: .bytes)) }
        }.value
        return sampleCatalog
    }
}

/// A route that records what the list says it highlights.
@MainActor
private final class HighlightSpy: ListOutput {
    var highlighted: [String?] = []
    func listDidChoose(itemID: String) {}
    func listDidHighlight(itemID: String?) { highlighted.append(itemID) }
    func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void) {}
}

/// A screen on a stack that hands its presenter's work to the router.
@MainActor
private final class WorkingScreen: Presentable {
    let screenWork: ScreenWork?
    init(_ work: ScreenWork) { screenWork = work }
}

@MainActor
struct ListHighlightTests {
    @Test func theHighlightedItemIsThePresentersAndEveryChangeOfItGoesToTheRoute() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let output = HighlightSpy()
        presenter.output = output
        presenter.viewDidLoad()
        await presenter.loading?.value
        #expect(presenter.itemID(at: 2) == AnyHashable("iphone-15-pro"))
        presenter.didHighlight(index: 2)
        presenter.didHighlight(index: 2)
        #expect(presenter.highlightedItemID == "iphone-15-pro")
        presenter.didHighlight(index: nil)
        #expect(presenter.highlightedItemID == nil, "a filter that hides every row leaves nothing to act on")
        #expect(output.highlighted == ["iphone-15-pro", nil], "told once per change")
    }

    @Test func theLoadEndsWhenTheScreenLeavesItsStack() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let view = ListViewSpy()
        presenter.view = view
        let router = StackRouter()
        router.setRoot(FakePresentable("home"))
        router.push(WorkingScreen(presenter.work), owner: nil, onLeave: nil)
        presenter.viewDidLoad()
        _ = router.pop()
        #expect(presenter.work.isEnded)
        await presenter.loading?.value
        #expect(presenter.loading?.isCancelled == true)
        #expect(view.events == ["loading"], "no rows shown on a screen that left")
    }
}

@MainActor
struct ListSelectionTests {
    @Test func aSelectionAskedForBeforeTheRowsArriveIsAppliedWithThem() async {
        let presenter = ListPresenter(repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))))
        let view = ListViewSpy()
        presenter.view = view
        presenter.viewDidLoad()
        presenter.select(itemID: "iphone-15-pro")
        await presenter.loading?.value
        #expect(view.events == ["loading", "select(2)", "rows"], "selected first, so the first row is never reported")
        presenter.select(itemID: "iphone-3g")
        #expect(view.events.last == "select(1)")
    }
}
