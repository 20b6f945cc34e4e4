import ShojiAppKit
import ShojiTesting
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// Auth screens and the other tabs as fakes, on top of the catalog fakes.
@MainActor
final class FakeAppModuleFactory: FakeCatalogModuleFactory, AuthModuleFactory, MainModuleFactory {
    /// What each favourites list was asked to select.
    var favouritesSelections: [String?] = []
    func makeLogin(output: any LoginOutput) -> any Presentable { FakePresentable("login", log: log, routeComponent: "login") }
    func makeSignUp(output: any SignUpOutput) -> any Presentable { FakePresentable("signup", log: log, routeComponent: "signup") }
    func makeFavourites(output: any FavouritesOutput, favourites: any Favourites, selecting itemID: String?) -> any Presentable {
        favouritesSelections.append(itemID)
        return FakePresentable("favourites", log: log, routeComponent: "favourites")
    }
    func makeAccount(output: any AccountOutput, account: Account?) -> any Presentable {
        FakePresentable("account", log: log, routeComponent: "account")
    }
}

@MainActor
final class MemorySessions: SessionStoring {
    var stored: Session?
    init(_ session: Session? = nil) { stored = session }
    func restore() -> Session? { stored }
    func save(_ session: Session) { stored = session }
    func clear() { stored = nil }
}

@MainActor
struct AppFlowTests {
    let account = Account(id: 1, email: "me@example.com")

    private func makeApp(_ sessions: MemorySessions, favourites: [String] = [])
        -> (AppCoordinator, StackRouter, FakeAppModuleFactory)
    {
        let repository = CatalogRepository(service: StubCatalogService(.success(sampleCatalog)))
        let factory = FakeAppModuleFactory(repository: repository)
        let router = StackRouter()
        let app = AppCoordinator(router: router, authFactory: factory, mainFactory: factory, repository: repository,
                                 sessions: sessions) { _ in InMemoryFavourites(ids: favourites) }
        return (app, router, factory)
    }

    @Test func signedOutStartsTheAuthFlow() {
        let (app, router, _) = makeApp(MemorySessions())
        app.start()
        #expect(app.authFlow != nil)
        #expect(app.mainFlow == nil)
        #expect(router.entries.map { "\($0.presentable)" } == ["login"])
        #expect(app.currentRoute == .login)
    }

    @Test func signedInStartsTheMainFlowWithThreeTabs() {
        let (app, router, _) = makeApp(MemorySessions(.signedIn(account)))
        app.start()
        #expect(app.authFlow == nil)
        let tabs = try! #require(app.mainFlow?.tabs)
        #expect(tabs.tabs.map(\.title) == ["Catalog", "Favourites", "Account"])
        #expect(tabs.routers.map { $0.entries.map { "\($0.presentable)" } }
            == [["home"], ["ShojiNavigation.SplitContainer"], ["account"]])
        // The Favourites tab is a split, its list in the primary column, as the Catalog tab's list.
        let favourites = try! #require(app.mainFlow?.favouritesFlow)
        #expect(favourites.split.primaryRouter.entries.map { "\($0.presentable)" } == ["favourites"])
        // The tabs are the root stack's one entry, owned by the main flow.
        #expect(router.entries.count == 1 && router.top?.presentable === tabs)
        #expect(router.top?.owner === app.mainFlow)
        #expect(app.currentRoute == .home)
    }

    @Test func finishingAuthReleasesItAndStartsMain() {
        let sessions = MemorySessions()
        let (app, router, _) = makeApp(sessions)
        app.start()
        weak let auth = app.authFlow
        app.authFlow?.loginDidSucceed(account)
        #expect(auth == nil)
        #expect(app.mainFlow != nil)
        #expect(router.entries.map { $0.presentable is TabContainer } == [true])
        #expect(sessions.stored == .signedIn(account))
    }

    @Test func signOutReleasesTheWholeMainFlowAndStartsAuth() {
        let sessions = MemorySessions(.signedIn(account))
        let (app, router, _) = makeApp(sessions)
        app.start()
        let tracker = LeakTracker()
        do {
            let main = try! #require(app.mainFlow)
            tracker.track(main, as: "MainCoordinator")
            for (index, child) in main.children.enumerated() { tracker.track(child, as: "tab \(index)") }
            for router in main.tabs!.routers {
                for entry in router.entries { tracker.track(entry.presentable, as: "\(entry.presentable)") }
            }
            main.children.compactMap { $0 as? AccountCoordinator }.first!.accountDidRequestSignOut()
        }
        #expect(tracker.survivors.isEmpty)
        #expect(app.mainFlow == nil)
        #expect(router.entries.map { "\($0.presentable)" } == ["login"])
        #expect(sessions.stored == nil)
    }

    @Test func aServedSessionEndsAtSignOutInsteadOfOfferingAnotherAccount() {
        let sessions = MemorySessions(.signedIn(account))
        let (app, router, _) = makeApp(sessions)
        var ended = 0
        app.onSignedOut = { ended += 1 }
        app.start()
        let main = try! #require(app.mainFlow)
        main.children.compactMap { $0 as? AccountCoordinator }.first!.accountDidRequestSignOut()
        #expect(ended == 1)
        #expect(app.authFlow == nil)
        #expect(router.entries.isEmpty)
    }

    @Test func signOutSavesTheRouteTheUserWasOn() {
        let (app, _, _) = makeApp(MemorySessions(.signedIn(account)))
        var saved: [String] = []
        app.willSignOut = { [unowned app] in saved.append("\(app.session?.account?.email ?? "guest") \(app.currentRoute.path)") }
        app.start()
        app.mainFlow?.tabs?.select(index: 1)
        let main = try! #require(app.mainFlow)
        main.children.compactMap { $0 as? AccountCoordinator }.first!.accountDidRequestSignOut()
        #expect(saved == ["me@example.com favourites"])
    }

    @Test func guestsAreNotRemembered() {
        let sessions = MemorySessions()
        let (app, _, _) = makeApp(sessions)
        app.start()
        app.authFlow?.loginDidRequestGuest()
        #expect(app.session == .guest)
        #expect(sessions.stored == nil)
    }

    @Test func loginAndSignUpSwitchToEachOther() {
        let (app, router, _) = makeApp(MemorySessions())
        app.start()
        app.authFlow?.loginDidRequestSignUp()
        #expect(router.entries.map { "\($0.presentable)" } == ["signup"])
        #expect(app.currentRoute == .signUp)
        app.authFlow?.signUpDidRequestLogin()
        #expect(router.entries.map { "\($0.presentable)" } == ["login"])
    }

    @Test func aDeepLinkToAnItemBuildsTheWholeStackSoBackWorks() async {
        let (app, _, _) = makeApp(MemorySessions(.signedIn(account)))
        app.start(session: .signedIn(account), route: .catalogItem("iphone-15-pro"))
        let tab = try! #require(app.mainFlow?.tabs?.selectedRouter)
        for _ in 0..<100 where screens(of: tab).count < 3 { await Task.yield() }
        #expect(screens(of: tab) == ["home", "list", "detail:iphone-15-pro"])
        #expect(app.currentRoute == .catalogItem("iphone-15-pro"))
        let split = try! #require(tab.top?.presentable as? SplitContainer)
        #expect(split.back() == .popped)
        #expect(app.currentRoute == .catalog)
    }

    @Test func aDeepLinkToAnUnknownItemStopsAtTheListWithAnAlert() async {
        let (app, _, _) = makeApp(MemorySessions(.signedIn(account)))
        app.start(session: .signedIn(account), route: .catalogItem("iphone-99"))
        let tab = try! #require(app.mainFlow?.tabs?.selectedRouter)
        let split = try! #require(tab.top?.presentable as? SplitContainer)
        let list = split.primaryRouter
        for _ in 0..<100 where alerts(on: list, of: Void.self).isEmpty { await Task.yield() }
        let shown = alerts(on: list, of: Void.self)
        #expect(shown.map(\.alert.title) == ["No such item"])
        #expect(!split.isDetailOpen && split.secondaryRouter.entries.isEmpty, "the missing detail's flow ended")
        #expect(list.entries.count == 2)
        shown.first?.choose(buttonAt: 0)
        #expect(list.entries.count == 1)
        #expect(screens(of: tab) == ["home", "list"])
    }

    @Test func aDeepLinkToAFavouriteOpensItsDetailInTheFavouritesSplit() throws {
        let (app, _, factory) = makeApp(MemorySessions(.signedIn(account)), favourites: ["iphone-3g"])
        app.start()
        try app.open(RoutePath("favourites/iphone-3g"))
        #expect(app.mainFlow?.tabs?.selectedIndex == 1)
        let split = try #require(app.mainFlow?.favouritesFlow?.split)
        #expect(split.isDetailOpen)
        #expect(factory.details == ["iphone-3g"])
        #expect(app.currentRoute == .favouriteItem("iphone-3g"))
        #expect(split.back() == .popped)
        #expect(app.currentRoute == .favourites)
    }

    /// `favourites/<id>` of an item that is not a favourite fails as an
    /// unknown path does (status 64 from the command line), changing nothing.
    @Test func aDeepLinkToAnItemThatIsNotAFavouriteFails() throws {
        let (app, _, factory) = makeApp(MemorySessions(.signedIn(account)), favourites: ["iphone-3g"])
        app.start()
        #expect(throws: RouteError.unreachable(step: 1, component: "iphone", reason: "not one of your favourites",
                                                validForms: AppRoute.mainFlowForms)) {
            try app.open(RoutePath("favourites/iphone"))
        }
        #expect(app.mainFlow?.tabs?.selectedIndex == 0)
        #expect(factory.details.isEmpty)
        #expect(app.currentRoute == .home)
    }

    @Test func aGuestHasNoFavouriteToLinkTo() throws {
        let (app, _, _) = makeApp(MemorySessions(.guest))
        app.start()
        #expect(throws: RouteError.self) { try app.open(RoutePath("favourites/iphone")) }
        try app.open(RoutePath("favourites"))
        #expect(app.currentRoute == .favourites)
    }

    /// A restored list reopens at the row it had selected: the selection
    /// saved beside the path goes to the first list route opened, once.
    @Test func aRestoredListRouteSelectsTheSavedRowOnce() throws {
        let (app, _, factory) = makeApp(MemorySessions(.signedIn(account)), favourites: ["iphone-3g"])
        app.restoredSelection = "iphone-3g"
        app.start()
        try app.open(RoutePath("favourites"))
        #expect(factory.favouritesSelections.last == "iphone-3g")
        #expect(app.restoredSelection == nil)
        try app.open(RoutePath("catalog"))
        #expect(factory.listSelections == [nil], "used once")
    }

    @Test func aMainFlowDeepLinkWhileSignedOutContinuesAfterSignIn() {
        let (app, _, _) = makeApp(MemorySessions())
        app.start(session: nil, route: .account)
        #expect(app.currentRoute == .login)
        app.authFlow?.loginDidSucceed(account)
        #expect(app.currentRoute == .account)
    }

    @Test func routePathsParseAndNameTheirErrors() throws {
        #expect(try AppRoute(parsing: "catalog/iphone-15-pro") == .catalogItem("iphone-15-pro"))
        #expect(try AppRoute(parsing: "favourites") == .favourites)
        for route in [AppRoute.home, .catalog, .catalogItem("x"), .favourites, .favouriteItem("y"), .account, .login, .signUp] {
            #expect(try AppRoute(parsing: route.path) == route)
        }
        #expect(throws: RouteError.unknownStep(step: 0, component: "foo", validForms: AppRoute.validForms)) {
            try AppRoute(parsing: "foo/bar")
        }
        #expect(throws: RouteError.unknownStep(step: 1, component: "x", validForms: AppRoute.validForms)) {
            try AppRoute(parsing: "account/x")
        }
        #expect(throws: RouteError.self) { try AppRoute(parsing: "../etc") }
        #expect(throws: RouteError.self) { try AppRoute(parsing: "") }
        #expect(throws: RouteError.self) { try AppRoute(parsing: String(repeating: "a", count: 300)) }
    }
}
