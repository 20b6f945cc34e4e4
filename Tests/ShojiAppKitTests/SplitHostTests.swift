import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen that logs its appearance events as `name.event`.
@MainActor
private final class LoggedScreen: PanelView {
    let log: EventLog
    init(_ name: String, log: EventLog) {
        self.log = log
        super.init(title: name, routeComponent: name)
        bind([.character("x")], "use x") {}
    }
    override func draw(_ canvas: inout Canvas) { canvas.text("screen \(title)", at: .zero) }
    override func handle(_ event: LifecycleEvent) {
        super.handle(event)
        if case .layoutChanged = event { return }
        log.record("\(title).\(event)")
    }
}

/// A list flow in a split: the same calls at every width.
@MainActor
private final class LettersFlow: Coordinator, ListScreenRows {
    let split = SplitContainer(minimumSideBySideWidth: 120)
    let log: EventLog
    let titles = ["a", "b", "c", "d"]
    private(set) var list: ListScreenView?

    init(log: EventLog) {
        self.log = log
        super.init(router: split.primaryRouter)
        split.detailForItem = { [weak self] id in
            guard let self, let title = id as? String else { return nil }
            return RouterEntry(LoggedScreen(title, log: log), owner: self)
        }
    }

    func start(on holder: any Routing) {
        let list = ListScreenView(title: "List", rows: self, routeComponent: "list")
        self.list = list
        router.setRoot(list, owner: self)
        holder.push(split, owner: self)
    }

    var rowCount: Int { titles.count }
    func row(at index: Int) -> ListRow { ListRow(title: titles[index]) }
    func itemID(at index: Int) -> AnyHashable? { titles[index] }
    func didChoose(index: Int) { split.openDetail(itemID: titles[index]) }
    func didHighlight(index: Int?) { split.highlight(index.map { titles[$0] }) }
}

/// Two tabs, the second's root a split (as the catalog's Favourites tab).
@MainActor
private final class TabWithASplit: Coordinator {
    let split = SplitContainer(minimumSideBySideWidth: 120)
    let log = EventLog()
    private(set) weak var tabs: TabContainer?

    /// A tab's flow that fills its stack when the container starts it
    /// (when its router is already out of sight).
    final class Tab: Coordinator {
        let fill: (Tab) -> Void
        init(_ fill: @escaping (Tab) -> Void) {
            self.fill = fill
            super.init(router: StackRouter())
        }
        override func start() { fill(self) }
    }

    override func start() {
        let one = Tab { [log] tab in tab.router.setRoot(LoggedScreen("First", log: log), owner: tab) }
        let two = Tab { [split, log] tab in
            tab.router.setRoot(split, owner: tab)
            split.primaryRouter.setRoot(LoggedScreen("Split list", log: log), owner: tab)
        }
        addChild(one)
        addChild(two)
        let container = TabContainer(tabs: [.init(title: "One", coordinator: one), .init(title: "Two", coordinator: two)])
        tabs = container
        container.start()
        router.setRoot(container, owner: self)
    }
}

extension AppKitSuite {
    /// The split on a real (headless) screen: columns, divider, focus, back and resizes.
    @Suite @MainActor struct SplitHostTests {
        /// The root flow, kept for the test's length (a released root orphans its screens).
        private static var roots: [Coordinator] = []

        private func start(_ size: CellSize) -> (ScreenHarness, LettersFlow, EventLog) {
            let harness = ScreenHarness(size: size, title: "demo")
            let log = EventLog()
            let root = Coordinator(router: harness.router)
            Self.roots.append(root)
            harness.router.setRoot(LoggedScreen("Home", log: log), owner: root)
            let flow = LettersFlow(log: log)
            root.addChild(flow)
            flow.start(on: harness.router)
            harness.render()
            return (harness, flow, log)
        }

        /// A column's screen's panel used to hold its split strongly (the
        /// split owns that screen through its routers): a split shown side by
        /// side, its screens and the whole headless screen lived for good
        /// (LeakSanitizer in the catalog's picture of the split).
        @Test func aSplitShownSideBySideIsReleasedWithItsScreens() {
            weak var split: SplitContainer?
            weak var detail: LoggedScreen?
            do {
                // Screens that hold nothing of the flow's (LettersFlow is its
                // list's rows, which this test would take for the leak).
                let harness = ScreenHarness(size: CellSize(width: 160, height: 48), title: "demo")
                let log = EventLog()
                let root = Coordinator(router: harness.router)
                harness.router.setRoot(LoggedScreen("Home", log: log), owner: root)
                let shown = SplitContainer(minimumSideBySideWidth: 120)
                let flow = Coordinator(router: shown.primaryRouter)
                root.addChild(flow)
                flow.router.setRoot(LoggedScreen("List", log: log), owner: flow)
                harness.router.push(shown, owner: flow)
                let screen = LoggedScreen("a", log: log)
                _ = shown.previewDetail(screen, owner: flow)
                harness.render()
                #expect(harness.lines[1].contains("screen a"), "the detail shows beside the list")
                split = shown
                detail = screen
                harness.end()
            }
            #expect(split == nil, "the split outlived its flow and its screen")
            #expect(detail == nil)
        }

        @Test func wideTheDetailFollowsTheSelectionBesideTheList() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            let divider = flow.split.primaryWidth(160)
            var lines = harness.lines
            #expect(lines[1].hasPrefix("a"))
            #expect(Array(lines[1])[divider] == "│")
            #expect(String(Array(lines[1])[(divider + 1)...]).hasPrefix("screen a"))
            #expect(lines[47].contains("Tab detail"))
            harness.press(.down)
            lines = harness.lines
            #expect(String(Array(lines[1])[(divider + 1)...]).hasPrefix("screen b"))
            #expect(lines[0] == " demo › Home › List", "a preview is not where the user is")
            #expect(harness.frame.host.focusChainBindings.map(\.label) == ["detail"])
            harness.press(.enter)
            #expect(flow.split.focusedColumn == SplitContainer.Column.secondary)
            #expect(harness.lines[0] == " demo › Home › List › b")
            #expect(harness.frame.host.breadcrumbViews.map(\.title) == ["Home", "List", "b"])
            #expect(harness.frame.host.focusChainBindings.map(\.label) == ["list"])
            #expect(harness.lines[47].contains("x use x") && harness.lines[47].contains("Tab list"))
            harness.press(.escape)
            #expect(flow.split.focusedColumn == .primary, "back beside the list moves the keys")
            #expect(String(Array(harness.lines[1])[(divider + 1)...]).hasPrefix("screen b"), "and closes nothing")
            harness.press(.tab)
            #expect(flow.split.focusedColumn == .secondary)
            harness.press(.backTab)
            #expect(flow.split.focusedColumn == .primary)
        }

        @Test func aFilterMovesTheDetailToTheFirstMatchAndNoMatchEmptiesIt() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            let divider = flow.split.primaryWidth(160)
            func detail() -> String { String(Array(harness.lines[1])[(divider + 1)...]) }
            harness.press(.down)
            #expect(detail().hasPrefix("screen b"))
            harness.press(.character("/"), .character("c"))
            #expect(harness.lines[1].hasPrefix("c"))
            #expect(detail().hasPrefix("screen c"), "the detail follows the first match, not the hidden b")
            harness.press(.character("z"))
            #expect(!detail().contains("screen"), "no match: no detail of a hidden item")
            #expect(flow.split.secondaryRouter.entries.isEmpty)
            harness.press(.escape)
            #expect(detail().hasPrefix("screen c"))
        }

        @Test func narrowOpeningCoversTheListAndBackUncoversIt() {
            let (harness, flow, _) = start(CellSize(width: 80, height: 24))
            defer { harness.end() }
            #expect(harness.lines[1].hasPrefix("a"))
            #expect(!harness.lines[1].contains("│") && !harness.lines[1].contains("screen"))
            #expect(harness.lines[23].contains("Tab/Shift-Tab detail"), "one meaning at every width")
            harness.press(.down, .enter)
            #expect(harness.lines[1].hasPrefix("screen b"))
            #expect(harness.lines[0].hasPrefix(" demo › Home › List › b"))
            harness.press(.escape)
            #expect(harness.lines[1].hasPrefix("a"))
            #expect(flow.list?.list.selectedIndex == 1)
            harness.press(.escape)
            #expect(harness.lines[1].hasPrefix("screen Home"), "back at the list's root pops the split")
            #expect(harness.router.entries.count == 1)
        }

        /// A split at the root of a tab not selected shows nothing until its
        /// tab is (its columns covered the first tab's screen).
        @Test func aSplitInATabNotSelectedStaysOutOfSight() {
            let harness = ScreenHarness(size: CellSize(width: 80, height: 24), title: "demo")
            defer { harness.end() }
            let root = TabWithASplit(router: harness.router)
            Self.roots.append(root)
            root.start()
            harness.render()
            #expect(harness.lines[2].hasPrefix("screen First"))
            #expect(!harness.snapshot().contains("Split list"))
            harness.press(.character("2"))
            #expect(harness.lines[2].hasPrefix("screen Split list"))
            harness.press(.character("1"))
            #expect(harness.lines[2].hasPrefix("screen First"))
        }

        /// Tab means the same at every width: narrow, it opens the highlighted
        /// item's detail over the list and Shift-Tab uncovers the list
        /// without closing it (it shows again beside the list when wide).
        @Test func narrowTabCoversTheListWithTheDetailAndShiftTabUncoversIt() {
            let (harness, flow, log) = start(CellSize(width: 80, height: 24))
            defer { harness.end() }
            harness.press(.down)
            harness.press(.tab)
            #expect(flow.split.focusedColumn == .secondary)
            #expect(harness.lines[1].hasPrefix("screen b"))
            #expect(harness.lines[0].hasPrefix(" demo › Home › List › b"))
            #expect(harness.lines[23].contains("Tab/Shift-Tab list"))
            log.take()
            harness.press(.backTab)
            #expect(flow.split.focusedColumn == .primary)
            #expect(harness.lines[1].hasPrefix("a"), "the list again")
            #expect(!log.take().contains("b.didLeave(back)"), "out of sight, not closed")
            harness.press(.tab)
            #expect(harness.lines[1].hasPrefix("screen b"), "the same detail, made once")
            #expect(flow.split.secondaryRouter.entries.count == 1)
            harness.press(.backTab)
            harness.resize(to: CellSize(width: 160, height: 48))
            let divider = flow.split.primaryWidth(160)
            #expect(String(Array(harness.lines[1])[(divider + 1)...]).hasPrefix("screen b"))
            #expect(flow.split.focusedColumn == .primary)
        }

        /// A modal on a column's stack (an alert of the list's flow) takes
        /// every key: Tab does not move the columns under it, and the footer
        /// does not offer it.
        @Test func aModalOnAColumnKeepsTheKeysFromTheColumns() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            flow.split.primaryRouter.present(LoggedScreen("alert", log: EventLog()), owner: flow)
            harness.render()
            #expect(harness.frame.host.focusChainBindings.isEmpty)
            #expect(!harness.lines[47].contains("Tab"))
            harness.press(.tab)
            #expect(flow.split.focusedColumn == .primary, "Tab moved the columns under the modal")
            #expect(harness.frame.host.focusedView?.title == "alert")
        }

        /// A sheet presented by the flow that holds the split covers the
        /// whole split: every key is its until it closes.
        @Test func aModalOverTheSplitTakesEveryKey() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            harness.router.present(LoggedScreen("sheet", log: EventLog()), owner: flow)
            harness.render()
            #expect(harness.frame.host.focusChainBindings.isEmpty)
            #expect(!harness.lines[47].contains("Tab"))
            harness.press(.tab, .down)
            #expect(flow.split.focusedColumn == .primary)
            #expect(flow.list?.list.selectedIndex == 0)
            #expect(harness.frame.host.focusedView?.title == "sheet")
        }

        /// The frame's help and palette go over the whole split, not into a
        /// column: Tab under them moves nothing, and closing them gives the
        /// keys back to the column that had them.
        /// A sheet the list's flow presents on its own router (the list
        /// column's) while the detail column has the keys: the sheet gets
        /// every key, Tab moves nothing under it and the footer does not
        /// offer it (it used to stay with the detail column).
        @Test func aModalOnTheColumnWithoutTheKeysTakesThemAll() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            harness.press(.enter)
            #expect(flow.split.focusedColumn == .secondary)
            let sheet = LoggedScreen("sheet", log: EventLog())
            var used = 0
            sheet.bind([.character("y")], "use y") { used += 1 }
            flow.split.primaryRouter.present(sheet, owner: flow)
            harness.render()
            #expect(harness.frame.host.focusedView?.title == "sheet")
            #expect(harness.frame.host.focusChainBindings.isEmpty)
            #expect(harness.lines[47].contains("y use y") && !harness.lines[47].contains("Tab"))
            harness.press(.tab, .character("y"))
            #expect(flow.split.focusedColumn == .secondary, "Tab moved the columns under the sheet")
            #expect(used == 1)
        }

        /// The cursor of a filter typed in the list column shows while the
        /// detail beside it (a panel above the list's, without a cursor) is
        /// drawn: the cursor is the focused view's, not the topmost panel's.
        @Test func theCursorOfAFilterInTheListColumnShowsBesideTheDetail() {
            let (harness, _, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            harness.press(.character("/"), .character("b"))
            let cursor = harness.cursor
            #expect(cursor != nil, "the filter's cursor is hidden")
            #expect((cursor?.x ?? 999) < 80, "the cursor is in the list column")
        }

        @Test func helpAndThePaletteCoverTheWholeSplit() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            harness.press(.enter)
            #expect(flow.split.focusedColumn == .secondary)
            harness.press(.character("?"))
            #expect(harness.router.top?.presentable is HelpPanelView, "on the stack holding the split")
            #expect(flow.split.secondaryRouter.entries.count == 1)
            let tracker = LeakTracker()
            if let help = harness.router.top?.presentable { tracker.track(help, as: "help") }
            harness.press(.tab)
            #expect(flow.split.focusedColumn == .secondary)
            harness.press(.escape)
            #expect(tracker.survivors.isEmpty, "the closed help is released")
            #expect(harness.frame.host.focusedView?.title == "a")
            harness.press(.control("p"))
            #expect(harness.router.top?.presentable is CommandPalettePanelView)
            if let palette = harness.router.top?.presentable { tracker.track(palette, as: "palette") }
            harness.press(.escape)
            #expect(tracker.survivors.isEmpty, "the closed palette is released")
            #expect(harness.frame.host.focusedView?.title == "a")
        }

        /// Help asked for while the terminal is too small to show any screen
        /// (at 1x1 every column's panel is laid out to nothing and hidden)
        /// shows over the split once the terminal grows, as it does when
        /// asked for at that size: the list's panel, shown again by the
        /// resize, used to go on top of it and hide it.
        @Test func helpAskedForAtATinySizeShowsOverTheSplitOnceTheTerminalGrows() {
            let (harness, flow, _) = start(CellSize(width: 80, height: 24))
            defer { harness.end() }
            harness.resize(to: CellSize(width: 1, height: 1))
            harness.press(.character("?"))
            harness.resize(to: CellSize(width: 80, height: 24))
            #expect(harness.router.top?.presentable is HelpPanelView)
            let help = (harness.router.top?.presentable as? PanelView)?.panel
            let list = (flow.split.primaryRouter.top?.presentable as? PanelView)?.panel
            if let help, let list { #expect(help.isAbove(list), "the list's panel covers the help") }
            let afterTheResize = harness.lines
            harness.press(.escape, .character("?"))
            #expect(afterTheResize == harness.lines, "help asked for at 80x24 reads otherwise")
        }

        /// A header spans the split's whole width above both columns, at
        /// every width (a monitor's meters over its table and detail: it
        /// used to cover only the list's column).
        @Test func aHeaderSpansTheWholeSplitAboveBothColumns() {
            let harness = ScreenHarness(size: CellSize(width: 160, height: 20), title: "demo")
            defer { harness.end() }
            let log = EventLog()
            let root = Coordinator(router: harness.router)
            Self.roots.append(root)
            harness.router.setRoot(LoggedScreen("Home", log: log), owner: root)
            let flow = LettersFlow(log: log)
            let header = LoggedScreen("meters", log: log)
            flow.split.header = header
            flow.split.headerHeight = 2
            root.addChild(flow)
            flow.start(on: harness.router)
            harness.render()
            let divider = flow.split.primaryWidth(160)
            #expect(harness.lines[1] == "screen meters", "the header's first row")
            #expect(harness.lines[3].hasPrefix("a"), "the list starts below the header")
            #expect(Array(harness.lines[3])[divider] == "│")
            #expect(!harness.lines[1].contains("│") && !harness.lines[2].contains("│"), "no divider through the header")
            #expect(String(Array(harness.lines[3])[(divider + 1)...]).hasPrefix("screen a"))
            header.title = "changed"
            header.setNeedsDisplay()
            harness.render()
            #expect(harness.lines[1] == "screen changed", "the header redraws on its own")
            harness.resize(to: CellSize(width: 80, height: 20))
            #expect(harness.lines[1] == "screen changed" && harness.lines[3].hasPrefix("a"), "collapsed too")
            harness.press(.enter)
            #expect(harness.lines[1] == "screen changed" && harness.lines[3].hasPrefix("screen a"))
            harness.press(.escape, .escape)
            #expect(harness.lines[1] == "screen Home", "the split left, and its header with it")
        }

        @Test func aResizeAcrossTheWidthKeepsTheStackTheSelectionAndEachEventOnce() {
            let (harness, flow, log) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            harness.press(.down, .down, .enter)
            log.take()
            harness.resize(to: CellSize(width: 80, height: 24))
            #expect(harness.lines[1].hasPrefix("screen c"))
            #expect(log.take().isEmpty, "the open detail stays on screen; only the list goes out of sight")
            #expect(flow.list?.list.selectedIndex == 2)
            harness.resize(to: CellSize(width: 160, height: 48))
            #expect(harness.lines[1].hasPrefix("a"))
            #expect(log.take().isEmpty)
            #expect(flow.split.focusedColumn == .secondary)
            #expect(flow.list?.list.selectedIndex == 2)
            #expect(flow.split.routeComponents == ["list", "c"])
            harness.press(.escape, .escape)
            #expect(harness.router.entries.count == 1)
            let events = log.take()
            #expect(events.filter { $0 == "c.didLeave(back)" }.count == 1, "\(events)")
            #expect(events.filter { $0 == "Home.didAppear(moving: false)" }.count == 1, "\(events)")
        }

        @Test func aClickInTheOtherColumnGivesItTheKeys() {
            let (harness, flow, _) = start(CellSize(width: 160, height: 48))
            defer { harness.end() }
            let detailX = flow.split.primaryWidth(160) + 5
            harness.press(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: detailX, y: 5))))
            #expect(flow.split.focusedColumn == .secondary)
            harness.press(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 2, y: 5))))
            #expect(flow.split.focusedColumn == .primary)
        }

        /// The footer reads whether back does something and the split's
        /// focus keys from the key chain instead of asking the host again:
        /// the chain must say what the host says in every state (the list
        /// with the keys, the detail with them, a modal on a column, a
        /// modal over the split, narrow).
        @Test func theKeyChainCarriesTheHostsBackAndFocusKeys() {
            for size in [CellSize(width: 160, height: 48), CellSize(width: 80, height: 24)] {
                let (harness, flow, _) = start(size)
                defer { harness.end() }
                func agrees(_ state: String, sourceLocation: SourceLocation = #_sourceLocation) {
                    let chain = harness.frame.keyChain
                    #expect(chain.offersBack == harness.frame.host.canGoBack, "\(size.width): \(state)",
                            sourceLocation: sourceLocation)
                    #expect(chain.focusBindings.map(\.label) == harness.frame.host.focusChainBindings.map(\.label),
                            "\(size.width): \(state)", sourceLocation: sourceLocation)
                }
                agrees("the list")
                harness.press(.enter)
                agrees("the detail")
                flow.split.primaryRouter.present(LoggedScreen("alert", log: EventLog()), owner: flow)
                harness.render()
                agrees("a modal on the list's column")
                harness.press(.escape)
                harness.router.present(LoggedScreen("sheet", log: EventLog()), owner: flow)
                harness.render()
                agrees("a modal over the split")
            }
        }
    }
}
