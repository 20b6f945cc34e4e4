import ShojiNavigation
import ShojiTesting

/// The seed-000 shape: Home (root flow) -> List (child flow) -> Detail
/// (grandchild flow returning whether the item was favourited), all sharing
/// one router.
@MainActor
final class HomeCoordinator: Coordinator {
    let log: EventLog?
    private(set) var listOutcomes: [FlowOutcome<Void>] = []

    init(router: any Routing, log: EventLog? = nil) {
        self.log = log
        super.init(router: router)
    }

    override func start() {
        router.setRoot(FakeView("home", output: self, log: log), owner: self)
    }

    @discardableResult
    func openList() -> ListCoordinator {
        let list = ListCoordinator(router: router, log: log)
        addChild(list) { [weak self] in self?.listOutcomes.append($0) }
        list.start()
        return list
    }
}

@MainActor
final class ListCoordinator: FlowCoordinator<Void> {
    let log: EventLog?
    private(set) var detailOutcomes: [FlowOutcome<Bool>] = []

    init(router: any Routing, log: EventLog? = nil) {
        self.log = log
        super.init(router: router)
    }

    override func start() {
        router.push(FakeView("list", output: self, log: log), owner: self)
    }

    @discardableResult
    func open(_ item: String) -> DetailCoordinator {
        let detail = DetailCoordinator(router: router, item: item, log: log)
        addChild(detail) { [weak self] in self?.detailOutcomes.append($0) }
        detail.start()
        return detail
    }
}

@MainActor
final class DetailCoordinator: FlowCoordinator<Bool> {
    let item: String
    let log: EventLog?
    /// How many times the leave hook of this flow's screen fired.
    private(set) var screenLeaves = 0

    init(router: any Routing, item: String, log: EventLog? = nil) {
        self.item = item
        self.log = log
        super.init(router: router)
    }

    override func start() {
        router.push(makeModule(), owner: self, onLeave: { [weak self] _ in self?.screenLeaves += 1 })
    }

    func makeModule() -> FakeView {
        FakeView("detail-\(item)", output: self, routeComponent: item, log: log)
    }
}
