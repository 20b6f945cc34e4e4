import ShojiNavigation
import ShojiTesting
import Testing

/// Each tab keeps its own stack; back acts in the selected tab only; relayout
/// reaches every tab.
@MainActor
struct TabContainerTests {
    let log = EventLog()
    let host: RecordingRouterHost
    let catalog: HomeCoordinator
    let favourites: HomeCoordinator
    let tabs: TabContainer

    init() {
        host = RecordingRouterHost(log: log)
        catalog = HomeCoordinator(router: StackRouter(), log: log)
        favourites = HomeCoordinator(router: StackRouter(), log: log)
        tabs = TabContainer(tabs: [
            .init(title: "Catalog", coordinator: catalog),
            .init(title: "Favourites", coordinator: favourites),
        ])
        tabs.host = host
        for router in tabs.routers { router.host = host }
        tabs.start()
    }

    func names(_ router: any Routing) -> [String] { router.entries.map { RouterCall.name($0.presentable) } }

    @Test func switchingKeepsEachStack() {
        catalog.openList().open("a")
        #expect(tabs.select(index: 1))
        #expect(names(tabs.routers[0]) == ["home", "list", "detail-a"])
        #expect(names(tabs.routers[1]) == ["home"])
        #expect(tabs.select(index: 0))
        #expect(names(tabs.selectedRouter) == ["home", "list", "detail-a"])
        #expect(tabs.select(index: 0) == false)
        #expect(tabs.select(index: 5) == false)
        #expect(host.tabSwitches.map(\.index) == [1, 0])
    }

    @Test func backPopsInTheSelectedTabOnly() {
        catalog.openList()
        favourites.openList()
        tabs.select(index: 1)
        #expect(tabs.back() == .popped)
        #expect(names(tabs.routers[1]) == ["home"])
        #expect(names(tabs.routers[0]) == ["home", "list"])
        #expect(tabs.back() == .atRoot)
        #expect(catalog.children.count == 1 && favourites.children.isEmpty)
    }

    @Test func switchingTellsBothTopsTheyAreCoveredNotLeaving() {
        catalog.openList()
        log.take()
        tabs.select(index: 1)
        #expect(log.take() == [
            "list.willDisappear(moving: false)", "host", "list.didDisappear(moving: false)",
            "home.willAppear(moving: false)", "host", "home.didAppear(moving: false)",
            "host.tab(0->1)",
        ])
    }

    @Test func onlyTheSelectedTabAppearsAtStartAndHiddenPushesWaitForSelection() {
        let fresh = EventLog()
        let first = HomeCoordinator(router: StackRouter(), log: fresh)
        let second = HomeCoordinator(router: StackRouter(), log: fresh)
        let container = TabContainer(tabs: [.init(title: "1", coordinator: first), .init(title: "2", coordinator: second)])
        container.start()
        #expect(fresh.take() == ["home.willAppear(moving: true)", "home.didAppear(moving: true)"])
        second.openList()
        #expect(fresh.take() == [])
        container.select(index: 1)
        #expect(fresh.take() == [
            "home.willDisappear(moving: false)", "home.didDisappear(moving: false)",
            "list.willAppear(moving: false)", "list.didAppear(moving: false)",
        ])
    }

    @Test func relayoutReachesEveryEntryOfEveryTab() {
        catalog.openList()
        log.take()
        #expect(tabs.allEntries.map { "\($0.tab):\(RouterCall.name($0.entry.presentable))" } == ["0:home", "0:list", "1:home"])
        tabs.relayout()
        #expect(log.take() == ["home.layoutChanged", "list.layoutChanged", "home.layoutChanged"])
    }
}
