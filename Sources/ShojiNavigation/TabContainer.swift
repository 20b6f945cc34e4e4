/// The curses side of a tab bar: redraws the bar and swaps which stack it shows.
@MainActor
public protocol TabContainerHost: AnyObject {
    /// Called once per switch, after the stacks' own host notifications.
    func tabContainer(_ container: TabContainer, didSelect index: Int, previous: Int)
}

/// Tabs, each a flow with its own router and stack. Switching keeps every
/// stack as it is; back acts inside the selected tab only.
///
/// A container is shown like a screen: set it as the root (or push it) on
/// the app's router, owned by the flow that made it, and a host that can draw
/// tabs (the app kit's frame) attaches every tab's router, draws the selected
/// one's stack and follows `select(index:)` by itself. When its entry is
/// covered or leaves, every tab's stack is hidden; when it leaves, the
/// container and with it every tab's flow is released.
///
/// A deselected tab's router is marked not displayed, so its top screen gets
/// willDisappear/didDisappear(movingFromParent: false) on switching away and
/// willAppear/didAppear(movingToParent: false) on switching back, and anything
/// pushed on it meanwhile appears only when the tab is selected.
@MainActor
public final class TabContainer: Presentable {
    /// One tab: its title and the flow it shows.
    @MainActor
    public struct Tab {
        /// The title in the tab bar.
        public let title: String
        /// Owns the tab's flow; its router is the tab's stack.
        public let coordinator: Coordinator

        /// A tab titled `title` showing `coordinator`'s stack.
        public init(title: String, coordinator: Coordinator) {
            self.title = title
            self.coordinator = coordinator
        }

        /// The tab's router (its coordinator's).
        public var router: any Routing { coordinator.router }
    }

    /// The tabs, left to right.
    public let tabs: [Tab]
    /// The index of the tab on screen.
    public private(set) var selectedIndex: Int
    /// Set once the container has been shown as an entry of a stack; before
    /// that (a container driven on its own, as in tests) the selected tab
    /// counts as displayed.
    private var isPresented = false
    /// Told when the selected tab changes.
    public weak var host: (any TabContainerHost)?

    /// A container of `tabs` showing `selectedIndex`.
    public init(tabs: [Tab], selectedIndex: Int = 0) {
        precondition(tabs.indices.contains(selectedIndex), "A tab container needs a valid selected tab")
        let routers = tabs.map { ObjectIdentifier($0.router) }
        precondition(Set(routers).count == routers.count, "Each tab needs its own router")
        self.tabs = tabs
        self.selectedIndex = selectedIndex
        for (index, tab) in tabs.enumerated() {
            tab.router.isDisplayed = index == selectedIndex
        }
    }

    /// Starts every tab's flow, so each stack has its root before first shown.
    public func start() {
        for tab in tabs { tab.coordinator.start() }
    }

    /// Every tab's router, for the host to attach to and lay out, shown or not.
    public var routers: [any Routing] { tabs.map(\.router) }

    /// The tab on screen.
    public var selectedTab: Tab { tabs[selectedIndex] }

    /// The router of the tab on screen: the active one.
    public var selectedRouter: any Routing { selectedTab.router }

    /// Every entry of every tab, bottom first within each tab: what a relayout
    /// after a resize must reach.
    public var allEntries: [(tab: Int, entry: RouterEntry)] {
        tabs.enumerated().flatMap { index, tab in tab.router.entries.map { (index, $0) } }
    }

    /// Switches tabs. Returns false (and changes nothing) for the current or an
    /// invalid index.
    @discardableResult
    public func select(index: Int) -> Bool {
        guard tabs.indices.contains(index), index != selectedIndex else { return false }
        let previous = selectedIndex
        selectedIndex = index
        tabs[previous].router.isDisplayed = false
        tabs[index].router.isDisplayed = isShown || !isPresented
        host?.tabContainer(self, didSelect: index, previous: previous)
        return true
    }

    /// Back inside the selected tab.
    public func back() -> BackOutcome {
        selectedRouter.back()
    }

    /// Tells every entry of every tab that the layout changed.
    public func relayout() {
        for router in routers { router.relayout() }
    }

    // MARK: Presentable

    /// Whether the container's own entry is shown by its router: the selected
    /// tab's stack is displayed only then.
    public private(set) var isShown = false

    /// Shows or hides the tabs' stacks as the container appears and leaves.
    public func handle(_ event: LifecycleEvent) {
        switch event {
        case .willAppear:
            isShown = true
            isPresented = true
            tabs[selectedIndex].router.isDisplayed = true
        case .willDisappear, .didLeave:
            isShown = false
            isPresented = true
            for router in routers { router.isDisplayed = false }
        case .layoutChanged:
            relayout()
        case .didAppear, .didDisappear, .lostFocus, .gainedFocus:
            break
        }
    }
}
