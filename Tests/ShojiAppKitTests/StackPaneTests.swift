import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen made of a pane with a stack of its own beside a fixed note.
@MainActor
private final class PanedScreen: PanelView {
    let pane = StackPane()
    init() {
        super.init(title: "Panes")
        content = pane
    }
}

/// A screen of the pane's stack that logs its events as `name.event`.
@MainActor
private final class PaneScreen: PanelView {
    let log: EventLog
    var text: String
    init(_ name: String, log: EventLog) {
        self.log = log
        text = "pane \(name)"
        super.init(title: name)
        bind([.character("x")], "use x") {}
    }
    override func draw(_ canvas: inout Canvas) { canvas.text(text, at: .zero) }
    override func handle(_ event: LifecycleEvent) {
        super.handle(event)
        if case .layoutChanged = event { return }
        log.record("\(title).\(event)")
    }
}

/// The pane's list rows, choosing through the flow (weakly: the flow's
/// router holds the list, which holds its rows).
@MainActor
private final class PaneRows: ListScreenRows {
    weak var flow: PaneListFlow?
    var rowCount: Int { 2 }
    func row(at index: Int) -> ListRow { ListRow(title: ["main", "dev"][index]) }
    func didChoose(index: Int) { flow?.didChoose(index: index) }
}

/// The flow of the pane: a list whose Enter starts a child flow showing an item.
@MainActor
private final class PaneListFlow: Coordinator {
    let log: EventLog
    let rows = PaneRows()
    weak var lastChild: Coordinator?
    init(router: StackRouter, log: EventLog) {
        self.log = log
        super.init(router: router)
        rows.flow = self
    }
    override func start() {
        router.setRoot(ListScreenView(title: "Branches", rows: rows, routeComponent: "branches"), owner: self)
    }
    func didChoose(index: Int) {
        let child = Coordinator(router: router)
        addChild(child)
        lastChild = child
        let screen = PaneScreen(["main", "dev"][index], log: log)
        screen.routeComponent = screen.title
        router.push(screen, owner: child)
    }
}

extension AppKitSuite {
    /// Panes are modules: a pane's stack drills in and backs out inside it.
    @Suite @MainActor struct StackPaneTests {
        private func start() -> (ScreenHarness, PanedScreen, PaneListFlow, EventLog) {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 10), title: "demo")
            let log = EventLog()
            let root = Coordinator(router: harness.router)
            harness.router.setRoot(NamedScreen("Home"), owner: root)
            let screen = PanedScreen()
            let flow = PaneListFlow(router: screen.pane.router, log: log)
            root.addChild(flow)
            flow.start()
            harness.router.push(screen, owner: root)
            // The harness holds the root until it ends (a static array kept
            // every screen alive to the exit, where LeakSanitizer took the
            // weak-reference side tables of live objects for leaks).
            harness.start(root)
            return (harness, screen, flow, log)
        }

        @Test func enterDrillsInInsideThePaneAndBackPopsItReleasingItsFlow() {
            let (harness, screen, flow, log) = start()
            defer { harness.end() }
            #expect(harness.lines[1].hasPrefix("main"))
            harness.press(.down, .enter)
            #expect(harness.lines[1] == "pane dev")
            #expect(screen.pane.title == "Branches › dev")
            #expect(log.lines == ["dev.willAppear(moving: true)", "dev.didAppear(moving: true)"])
            let footer = harness.lines[9]
            #expect(footer.hasPrefix("x use x  Esc back"), "\(footer)")
            let tracker = LeakTracker()
            if let child = flow.lastChild { tracker.track(child, as: "the item's flow") }
            if let top = screen.pane.topView { tracker.track(top, as: "the item's screen") }
            harness.press(.escape)
            #expect(harness.lines[1].hasPrefix("main"), "back popped the pane, not the screen")
            #expect(harness.router.entries.count == 2)
            #expect(tracker.survivors.isEmpty, "\(tracker.survivors)")
            #expect(log.lines.suffix(3) == ["dev.willDisappear(moving: true)", "dev.didDisappear(moving: true)",
                                             "dev.didLeave(back)"])
            harness.press(.escape)
            #expect(harness.router.entries.count == 1, "at the pane's root, back is the screen's")
        }

        @Test func focusLeavingThePaneReachesItsTopScreenOnce() {
            let (harness, screen, _, log) = start()
            defer { harness.end() }
            harness.press(.enter)
            #expect(screen.pane.canGoBack)
            #expect(screen.pane.goBack() == .popped)
            #expect(!screen.pane.canGoBack && screen.pane.goBack() == .atRoot)
            harness.press(.enter)
            screen.pane.setFocused(false)
            screen.pane.setFocused(false)
            screen.pane.setFocused(true)
            #expect(log.lines.suffix(2) == ["main.lostFocus", "main.gainedFocus"])
        }

        @Test func aRedrawOfThePanesScreenRedrawsTheScreenHoldingIt() {
            let (harness, screen, _, _) = start()
            defer { harness.end() }
            harness.press(.enter)
            let top = screen.pane.topView as? PaneScreen
            top?.text = "changed"
            top?.setNeedsDisplay()
            harness.render()
            #expect(harness.lines[1] == "changed")
            var titleChanges = 0
            screen.pane.onTitleChange = { titleChanges += 1 }
            top?.title = "renamed"
            #expect(titleChanges == 1)
            #expect(screen.pane.title == "Branches › renamed")
        }
    }
}

extension AppKitSuite.StackPaneTests {
    /// A stack pane beside another pane in a layout: its border's title is
    /// its breadcrumb, back pops it only while it has the keys, and Tab
    /// moves the keys between the panes.
    @Test func aStackPaneInALayoutIsTitledByItsStackAndBacksOutOnlyWithTheKeys() {
        let harness = ScreenHarness(size: CellSize(width: 60, height: 10), title: "demo")
        defer { harness.end() }
        let log = EventLog()
        let root = Coordinator(router: harness.router)
        harness.router.setRoot(NamedScreen("Home"), owner: root)
        let pane = StackPane()
        let flow = PaneListFlow(router: pane.router, log: log)
        root.addChild(flow)
        flow.start()
        let screen = PanelView(title: "Panes")
        let note = DetailWidget(title: "Note", paragraphs: ["beside"])
        let layout = LayoutWidget(.columns, [
            LayoutItem(pane, size: .fixed(30), border: true, focusable: true),
            LayoutItem(note, border: true, title: "Note", focusable: true),
        ])
        screen.content = layout
        harness.router.push(screen, owner: root)
        harness.press(.enter)
        #expect(harness.lines[1].contains("Branches › main"), "\(harness.lines[1])")
        #expect(harness.lines[2].contains("pane main"))
        screen.routeComponent = "panes"
        #expect(harness.router.entries.flatMap(\.presentable.routeComponents) == ["panes", "branches", "main"],
                "the route path names the focused pane's stack")
        harness.press(.tab)
        #expect(layout.focusedIndex == 1)
        #expect(screen.routeComponents == ["panes"], "a pane without a stack adds nothing")
        harness.press(.escape)
        #expect(harness.router.entries.count == 1, "the pane without the keys keeps its stack: back is the screen's")
        #expect(pane.router.entries.count == 2)
        withExtendedLifetime(root) {}  // the screens' owner, to the end of the test
    }
}
