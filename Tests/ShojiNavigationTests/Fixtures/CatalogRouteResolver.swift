import ShojiNavigation
import ShojiTesting

/// A tab flow that builds its stack from `catalog`, `catalog/<id>` and
/// `catalog/<id>/reviews`, the way the app's Catalog tab will.
@MainActor
final class CatalogTabCoordinator: Coordinator, RouteResolving {
    nonisolated static let validForms = ["catalog", "catalog/<id>", "catalog/<id>/reviews"]
    let items: Set<String>
    let log: EventLog?
    private(set) var detailOutcomes: [FlowOutcome<Bool>] = []

    init(router: any Routing, items: Set<String>, log: EventLog? = nil) {
        self.items = items
        self.log = log
        super.init(router: router)
    }

    override func start() {
        router.setRoot(FakeView("catalog", output: self, routeComponent: "catalog", log: log), owner: self)
    }

    func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
        guard path.first == "catalog" else {
            throw .unknownStep(step: 0, component: path.first, validForms: Self.validForms)
        }
        var plan = RoutePlan()
        plan.push(FakeView("catalog", output: self, routeComponent: "catalog", log: log), owner: self)
        guard let id = path[1] else { return plan }
        guard items.contains(id) else {
            throw .unknownStep(step: 1, component: id, validForms: Self.validForms)
        }
        let detail = DetailCoordinator(router: router, item: id, log: log)
        plan.adopt(detail, by: self) { [weak self] in self?.detailOutcomes.append($0) }
        plan.push(detail.makeModule(), owner: detail)
        guard let section = path[2] else { return plan }
        guard section == "reviews", path.count == 3 else {
            let step = section == "reviews" ? 3 : 2
            throw .unknownStep(step: step, component: path[step]!, validForms: Self.validForms)
        }
        plan.push(FakeView("reviews-\(id)", route: detail, routeComponent: "reviews", log: log), owner: detail)
        return plan
    }
}
