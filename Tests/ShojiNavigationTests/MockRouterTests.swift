import ShojiNavigation
import ShojiTesting
import Testing

/// The seed-004 flow: a route protocol the presenter calls, and a mock
/// coordinator that records it.
@MainActor
protocol CatalogOutput: AnyObject {
    func start()
    func open(_ item: String)
}

@MainActor
final class CatalogOutputMock: CatalogOutput {
    private(set) var isStarted = false
    private(set) var openedItems: [String] = []

    func start() { isStarted = true }
    func open(_ item: String) { openedItems.append(item) }
}

@MainActor
final class CatalogLauncher {
    let coordinator: any CatalogOutput
    init(coordinator: any CatalogOutput) { self.coordinator = coordinator }
    func launch() { coordinator.start() }
}

@MainActor
final class CatalogListPresenter {
    weak var output: (any CatalogOutput)?
    let items: [String]
    init(items: [String], output: any CatalogOutput) {
        self.items = items
        self.output = output
    }
    func didSelectRow(_ row: Int) { output?.open(items[row]) }
}

@MainActor
struct MockRouterTests {
    @Test func launchingStartsTheCoordinator() {
        let mock = CatalogOutputMock()
        CatalogLauncher(coordinator: mock).launch()
        #expect(mock.isStarted)
    }

    @Test func selectingARowOpensThatItem() {
        let mock = CatalogOutputMock()
        let presenter = CatalogListPresenter(items: ["iphone", "iphone-3g"], route: mock)
        presenter.didSelectRow(1)
        #expect(mock.openedItems == ["iphone-3g"])
    }

    @Test func recordsCoordinatorCallsInOrderWithoutAStack() {
        let mock = MockRouter(maintainsStack: false)
        mock.backOutcome = .vetoed
        let home = HomeCoordinator(router: mock)
        home.start()
        home.openList().open("a")
        #expect(mock.back() == .vetoed)
        #expect(mock.log == ["setRoot(home)", "push(list)", "push(detail-a)", "back"])
        #expect(mock.entries.isEmpty)
    }

    @Test func maintainedStackLetsCoordinatorsBehave() {
        let mock = MockRouter()
        let home = HomeCoordinator(router: mock)
        home.start()
        let list = home.openList()
        list.open("a")
        mock.clearCalls()
        #expect(mock.back() == .popped)
        #expect(mock.log == ["back"])
        #expect(list.children.isEmpty)
        list.finish(with: ())
        #expect(mock.log == ["back", "removeEntries(ListCoordinator, flowEnded)"])
        #expect(mock.calls.map(\.summary).first { $0 == "batch{" } != nil, "ending a flow is one transaction")
        #expect(mock.entries.count == 1)
    }
}
