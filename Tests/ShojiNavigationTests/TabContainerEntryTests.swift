import ShojiNavigation
import ShojiTesting
import Testing

/// A tab container shown as an entry of a stack: its tabs are displayed only
/// while its entry is, a one-screen tab needs no coordinator class, and a
/// tabbed root reports the selected tab's path.
@MainActor
struct TabContainerEntryTests {
    final class Root: Coordinator, RouteResolving {
        private(set) weak var tabs: TabContainer?
        let page = FakePresentable("about", routeComponent: "about")

        override func start() {
            let list = ScreenCoordinator(router: StackRouter(), screen: FakePresentable("list", routeComponent: "notes"))
            let container = TabContainer(tabs: [.init(title: "Notes", coordinator: list), .init(title: "About", screen: page)])
            tabs = container
            container.start()
            router.setRoot(container, owner: self)
        }

        func plan(for path: RoutePath) throws(RouteError) -> RoutePlan { RoutePlan() }
    }

    @Test func aContainerEntryDisplaysItsSelectedTabOnlyWhileItIsShown() throws {
        let router = StackRouter()
        let root = Root(router: router)
        root.start()
        let tabs = try #require(root.tabs)
        #expect(tabs.isShown)
        #expect(tabs.routers.map(\.isDisplayed) == [true, false])
        #expect(tabs.routers[1].entries.first?.presentable === root.page, "the one-screen tab shows its page")
        router.push(FakePresentable("cover"))
        #expect(tabs.routers.map(\.isDisplayed) == [false, false], "covered: no tab is displayed")
        #expect(router.pop())
        #expect(tabs.routers.map(\.isDisplayed) == [true, false])
        tabs.select(index: 1)
        #expect(tabs.routers.map(\.isDisplayed) == [false, true])
    }

    @Test func theDefaultCurrentPathIsTheSelectedTabs() throws {
        let root = Root(router: StackRouter())
        root.start()
        #expect(root.currentPath?.description == "notes")
        root.tabs?.select(index: 1)
        #expect(root.currentPath?.description == "about")
    }

    @Test func leavingReleasesTheContainerAndItsOneScreenTabs() {
        let tracker = LeakTracker()
        let router = StackRouter()
        do {
            let root = Root(router: router)
            root.start()
            tracker.track(root.tabs!, as: "TabContainer")
            tracker.track(root.page, as: "about page")
            tracker.track(root.tabs!.tabs[1].coordinator, as: "ScreenCoordinator")
            router.setRoot(FakePresentable("login"))
        }
        #expect(tracker.survivors.isEmpty)
    }
}
