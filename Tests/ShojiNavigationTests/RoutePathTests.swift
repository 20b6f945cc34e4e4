import ShojiNavigation
import ShojiTesting
import Testing

@MainActor
struct RoutePathTests {
    @Test func parsesAndLowercasesComponents() throws {
        let path = try RoutePath("Catalog/iPhone-15-Pro")
        #expect(path.components == ["catalog", "iphone-15-pro"])
        #expect(path.description == "catalog/iphone-15-pro")
        #expect(path[1] == "iphone-15-pro" && path[2] == nil)
        #expect(try RoutePath(components: ["catalog", "x1"]) == RoutePath("catalog/x1"))
    }

    nonisolated static let badPaths: [(String, RouteError)] = [
        ("", .empty),
        ("/catalog", .emptyComponent(step: 0)),
        ("catalog/", .emptyComponent(step: 1)),
        ("catalog//x", .emptyComponent(step: 1)),
        ("catalog/../account", .invalidComponent(step: 1, component: "..")),
        (".", .invalidComponent(step: 0, component: ".")),
        ("catalog/a b", .invalidComponent(step: 1, component: "a b")),
        ("catalog/a_b", .invalidComponent(step: 1, component: "a_b")),
        ("catalog/caf\u{E9}", .invalidComponent(step: 1, component: "caf\u{E9}")),
        ("catalog/\u{1B}[2J", .invalidComponent(step: 1, component: "\u{1B}[2J")),
        (String(repeating: "a", count: 257), .tooLong(length: 257, limit: 256)),
        (Array(repeating: "a", count: 17).joined(separator: "/"), .tooManyComponents(count: 17, limit: 16)),
    ]

    @Test(arguments: badPaths)
    func rejectsMalformedPaths(text: String, error: RouteError) {
        #expect(throws: error) { try RoutePath(text) }
    }

    @Test func acceptsTheLimits() throws {
        #expect(try RoutePath(String(repeating: "a", count: 256)).count == 1)
        #expect(try RoutePath(Array(repeating: "a", count: 16).joined(separator: "/")).count == 16)
    }

    @Test func errorsNameTheStepAndTheValidForms() {
        let error = RouteError.unknownStep(step: 1, component: "nope", validForms: ["catalog", "catalog/<id>"])
        #expect(error.description == "unknown component 2 (\"nope\"); valid forms: catalog, catalog/<id>")
    }
}

/// Deep links and restoration: path -> stack -> path, checked before anything
/// is shown.
@MainActor
struct DeepLinkTests {
    let log = EventLog()
    let router = MockRouter()
    let host: RecordingRouterHost
    let catalog: CatalogTabCoordinator

    init() {
        host = RecordingRouterHost(log: log)
        router.host = host
        catalog = CatalogTabCoordinator(router: router, items: ["iphone-15-pro", "iphone-air"], log: log)
    }

    func names() -> [String] { router.entries.map { RouterCall.name($0.presentable) } }

    @Test func deepLinkBuildsTheStackInOneTransaction() throws {
        catalog.start()
        log.take()
        try catalog.open(RoutePath("catalog/iphone-air/reviews"), on: router)
        #expect(names() == ["catalog", "detail-iphone-air", "reviews-iphone-air"])
        #expect(log.take() == [
            "catalog.willDisappear(moving: true)", "reviews-iphone-air.willAppear(moving: true)", "host",
            "reviews-iphone-air.didAppear(moving: true)", "catalog.didDisappear(moving: true)",
            "catalog.didLeave(replaced)",
        ])
        #expect(catalog.children.count == 1)
    }

    @Test func backFromADeepLinkedScreenWorksAsIfWalked() throws {
        try catalog.open(RoutePath("catalog/iphone-air/reviews"), on: router)
        #expect(router.back() == .popped)
        #expect(catalog.children.count == 1, "the detail flow still owns the detail screen")
        #expect(router.back() == .popped)
        #expect(catalog.children.isEmpty)
        #expect(catalog.detailOutcomes == [.cancelled(.back)])
        #expect(router.back() == .atRoot)
    }

    @Test(arguments: ["catalog", "catalog/iphone-15-pro", "catalog/iphone-air/reviews"])
    func pathRoundTripsThroughTheStack(text: String) throws {
        let path = try RoutePath(text)
        try catalog.open(path, on: router)
        let saved = try #require(catalog.path(for: router.entries))
        #expect(saved == path)

        let restoredRouter = StackRouter()
        let restored = CatalogTabCoordinator(router: restoredRouter, items: catalog.items)
        try restored.open(saved, on: restoredRouter)
        #expect(restoredRouter.entries.map { RouterCall.name($0.presentable) } == names())
    }

    nonisolated static let unopenable: [(String, RouteError)] = [
        ("account", .unknownStep(step: 0, component: "account", validForms: CatalogTabCoordinator.validForms)),
        ("catalog/nope", .unknownStep(step: 1, component: "nope", validForms: CatalogTabCoordinator.validForms)),
        ("catalog/iphone-air/specs", .unknownStep(step: 2, component: "specs", validForms: CatalogTabCoordinator.validForms)),
        ("catalog/iphone-air/reviews/x", .unknownStep(step: 3, component: "x", validForms: CatalogTabCoordinator.validForms)),
    ]

    @Test(arguments: unopenable)
    func failingDeepLinkChangesNothing(text: String, error: RouteError) throws {
        try catalog.open(RoutePath("catalog/iphone-15-pro"), on: router)
        let before = names()
        let children = catalog.children.map(ObjectIdentifier.init)
        let notifications = host.changes.count
        router.clearCalls()
        log.take()

        let path = try RoutePath(text)
        #expect(throws: error) { try catalog.open(path, on: router) }

        #expect(names() == before)
        #expect(catalog.children.map(ObjectIdentifier.init) == children)
        #expect(router.calls.isEmpty)
        #expect(log.take() == [])
        #expect(host.changes.count == notifications)
    }

    @Test func deepLinkReplacingAWalkedStackEndsTheOldFlows() throws {
        catalog.start()
        let walked = DetailCoordinator(router: router, item: "iphone-15-pro")
        catalog.addChild(walked)
        walked.start()
        try catalog.open(RoutePath("catalog/iphone-air"), on: router)
        #expect(walked.isFinished)
        #expect(catalog.children.count == 1 && catalog.children.first !== walked)
        #expect(names() == ["catalog", "detail-iphone-air"])
    }
}
