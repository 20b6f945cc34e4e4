import ShojiAppKit
import ShojiTesting
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

@MainActor
struct CatalogFlowTests {
    private func makeFlow(_ result: Result<Catalog, CatalogError> = .success(sampleCatalog))
        -> (CatalogCoordinator, MockRouter, FakeCatalogModuleFactory, StubCatalogService)
    {
        let service = StubCatalogService(result)
        let repository = CatalogRepository(service: service)
        let factory = FakeCatalogModuleFactory(repository: repository)
        let router = MockRouter()
        let coordinator = CatalogCoordinator(router: router, factory: factory, repository: repository,
                                             favourites: InMemoryFavourites())
        return (coordinator, router, factory, service)
    }

    @Test func startShowsHomeAsTheRoot() {
        let (coordinator, router, _, _) = makeFlow()
        coordinator.start()
        #expect(router.log == ["setRoot(home)"])
        #expect(router.entries.first?.owner === coordinator)
    }

    @Test func browsePushesTheListInAChildFlow() async {
        let (coordinator, router, factory, _) = makeFlow()
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        #expect(screens(of: router) == ["home", "list"])
        let list = try! #require(coordinator.listFlow)
        #expect(router.entries.last?.owner === list)
        #expect(list.router.entries.first?.owner === list)
        await factory.listPresenters.first?.loading?.value
        #expect(factory.listPresenters.first?.rowCount == 3)
    }

    /// Seed 000: List -> Detail -> back removes DetailCoordinator from the list's children.
    @Test func backFromDetailReleasesTheDetailFlow() async {
        let (coordinator, router, factory, _) = makeFlow()
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        let list = try! #require(coordinator.listFlow)
        await factory.listPresenters[0].loading?.value
        factory.listPresenters[0].didChoose(index: 2)
        #expect(factory.details == ["iphone-15-pro"])
        weak let detail = list.detailFlow
        #expect(detail != nil)
        #expect(screens(of: router) == ["home", "list", "detail:iphone-15-pro"])
        #expect(list.split.back() == .popped)
        #expect(list.children.isEmpty)
        #expect(detail == nil)
        #expect(screens(of: router) == ["home", "list"])
    }

    @Test func backFromTheListReleasesTheListFlowAndItsPresenter() async {
        let (coordinator, router, factory, _) = makeFlow()
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        await factory.listPresenters[0].loading?.value
        let tracker = LeakTracker()
        tracker.track(coordinator.listFlow!, as: "ListCoordinator")
        tracker.track(factory.listPresenters[0], as: "ListPresenter")
        tracker.track(coordinator.listFlow!.router.entries.first!.presentable, as: "ListView")
        tracker.track(router.entries.last!.presentable, as: "SplitContainer")
        factory.listPresenters.removeAll()
        #expect(router.back() == .popped)
        #expect(coordinator.children.isEmpty)
        #expect(tracker.survivors.isEmpty)
        #expect(router.back() == .atRoot)
    }

    @Test func aLoadErrorPresentsRetryAndCancelAndRetryLoadsAgain() async {
        let failure = CatalogError.httpStatus(url: "http://127.0.0.1:1/c.json", status: 500)
        let (coordinator, router, factory, service) = makeFlow(.failure(failure))
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        await factory.listPresenters[0].loading?.value
        let list = try! #require(coordinator.listFlow)
        let shown = alerts(on: list.router, of: Bool.self)
        #expect(shown.count == 1)
        #expect(shown.first?.alert.buttons.map(\.title) == ["Retry", "Cancel"])
        #expect(shown.first?.alert.message == failure.description)
        #expect(list.router.entries.last?.style == .modal)

        service.result = .success(sampleCatalog)
        shown.first?.choose("Retry")
        #expect(list.router.entries.map { "\($0.presentable)" } == ["list"])
        #expect(screens(of: router) == ["home", "list"])
        await factory.listPresenters[0].loading?.value
        #expect(service.loads == 2)
        #expect(factory.listPresenters[0].rowCount == 3)
    }

    @Test func cancelDismissesTheAlertWithoutRetrying() async {
        let (coordinator, router, factory, service) = makeFlow(.failure(.network(url: "u", reason: "refused")))
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        await factory.listPresenters[0].loading?.value
        let list = try! #require(coordinator.listFlow)
        alerts(on: list.router, of: Bool.self).first?.choose("Cancel")
        #expect(list.router.entries.count == 1)
        #expect(router.entries.count == 2)
        #expect(service.loads == 1)
    }

    @Test func escOnTheAlertDismissesItAndCancelsItsResult() async {
        let (coordinator, router, factory, service) = makeFlow(.failure(.network(url: "u", reason: "refused")))
        coordinator.start()
        coordinator.homeDidRequestBrowse()
        await factory.listPresenters[0].loading?.value
        let list = try! #require(coordinator.listFlow)
        let alert = try! #require(alerts(on: list.router, of: Bool.self).first)
        #expect(list.split.back() == .dismissedModal)
        #expect(alert.result.outcome?.cancellationReason == .back)
        #expect(service.loads == 1)
        #expect(list.router.entries.count == 1)
        #expect(router.entries.count == 2)
    }
}
