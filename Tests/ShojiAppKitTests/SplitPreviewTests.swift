import Testing
@testable import ShojiAppKit
@testable import ShojiCurses
import ShojiTesting

/// A detail that shows another item in place (as the catalog's does), and
/// counts what it was asked to do.
@MainActor
private final class NumberDetail: PanelView, ReusableItemDetail {
    private let detail = DetailWidget(title: "")
    private(set) var number: Int
    /// How many items it was told to show in place.
    private(set) var shownInPlace = 0

    init(_ number: Int) {
        self.number = number
        super.init(title: "")
        content = detail
        // A key that acts for even numbers only: the footer must follow it.
        bind([.character("e")], "even", when: { [unowned self] in self.number % 2 == 0 }) {}
        show()
    }

    func showItem(_ itemID: AnyHashable) -> Bool {
        guard let number = itemID as? Int else { return false }
        self.number = number
        shownInPlace += 1
        show()
        return true
    }

    private func show() {
        title = "Number \(number)"
        detail.show(title: title, fields: [DetailField("Value", "\(number)"), DetailField("Kind", "a number")],
                    paragraphs: ["Made for measuring."])
    }
}

/// A list of numbers whose split previews the highlighted one with a
/// `NumberDetail`, made once and then reused.
@MainActor
private final class NumbersFlow: Coordinator, ListScreenRows {
    let split = SplitContainer(minimumSideBySideWidth: 120)
    /// How many details the split had made.
    private(set) var made: [NumberDetail] = []

    init() {
        super.init(router: split.primaryRouter)
        split.detailForItem = { [weak self] id in
            guard let self, let number = id as? Int else { return nil }
            let detail = NumberDetail(number)
            made.append(detail)
            return RouterEntry(detail, owner: self)
        }
    }

    func start(on holder: any Routing) {
        router.setRoot(ListScreenView(title: "Numbers", rows: self, routeComponent: "numbers"), owner: self)
        holder.push(split, owner: self)
    }

    var rowCount: Int { 100 }
    func row(at index: Int) -> ListRow { ListRow(title: "number \(index)") }
    func itemID(at index: Int) -> AnyHashable? { index }
    func didChoose(index: Int) { split.openDetail(itemID: index) }
    func didHighlight(index: Int?) { split.highlight(index) }
}

extension AppKitSuite {
    /// What a Down costs beside a preview that follows it in place: the rows
    /// it changed and nothing else, and (on the loop's clock) one preview
    /// when keys come faster than a person reads.
    @Suite @MainActor struct SplitPreviewTests {
        private static var roots: [Coordinator] = []

        private func start(_ size: CellSize = CellSize(width: 160, height: 40), paced: Bool = false)
            -> (ScreenHarness, NumbersFlow)
        {
            let harness = ScreenHarness(size: size, title: "demo")
            if paced { harness.frame.host.clock = harness.clock }
            let root = Coordinator(router: harness.router)
            Self.roots.append(root)
            let flow = NumbersFlow()
            root.addChild(flow)
            flow.start(on: harness.router)
            harness.render()
            return (harness, flow)
        }

        /// The detail column's text, right of the divider.
        private func detail(_ harness: ScreenHarness, row: Int, flow: NumbersFlow) -> String {
            String(Array(harness.lines[row]).dropFirst(flow.split.primaryWidth(harness.screen.size.width) + 1))
        }

        /// Moving the divider (even to where it was) touched every line it
        /// covers and those of the panels under it, the whole screen's
        /// background included: ncurses composed the whole screen again on
        /// every Down (a fifth of its cost, in `wnoutrefresh`).
        @Test func aDownBesideAPreviewTouchesOnlyTheRowsItChanged() {
            let (harness, flow) = start()
            defer { harness.end() }
            harness.screen.countsTouchedLines = true
            harness.press(.down)  // the preview is made again in place from here on
            let details = flow.made.count
            harness.press(.down)
            // Two rows of the list (the old and the new selection), the
            // detail's heading and its value: four lines.
            #expect(harness.screen.touchedLinesAtLastRender == 4)
            #expect(detail(harness, row: 1, flow: flow) == "Number 2")
            #expect(flow.made.count == details, "the preview is reused, not made again")
            #expect(harness.snapshot() == { () -> ScreenSnapshot in
                for panel in harness.screen.allPanels { panel.setNeedsDisplay() }
                return harness.snapshot()
            }(), "what the rows drew is what a whole redraw shows")
        }

        /// Only the preview's item changed: the host hears nothing and the
        /// frame refreshes once (after the key), not three times.
        @Test func aPreviewMovingOnNeitherNotifiesTheHostNorRefreshesTheChromeAgain() {
            let (harness, flow) = start()
            defer { harness.end() }
            harness.press(.down)
            var changes = 0
            let refresh = harness.frame.host.onChange
            harness.frame.host.onChange = {
                changes += 1
                refresh?()
            }
            harness.press(.down)
            #expect(flow.made.last?.number == 2)
            #expect(changes == 0)
        }

        /// The footer still follows the detail's conditional keys once it has
        /// the keys: the preview moved on without telling the host.
        @Test func theFooterFollowsTheDetailsConditionalKeys() {
            let (harness, _) = start()
            defer { harness.end() }
            let footer = { harness.lines[harness.screen.size.height - 1] }
            harness.press(.down, .down)  // number 2: even
            #expect(!footer().contains("e even"), "the list has the keys")
            harness.press(.tab)
            #expect(footer().contains("e even"))
            harness.press(.tab, .down)  // number 3: odd
            harness.press(.tab)
            #expect(!footer().contains("e even"))
            #expect(harness.lines[0].hasSuffix("Number 3"), "the open detail is in the breadcrumb")
            harness.press(.tab, .down)
            #expect(harness.lines[0].hasSuffix("Numbers"), "a preview is not")
        }

        /// On the loop's clock, keys that come faster than a person reads (a
        /// held Down) show one preview when the selection rests; the first
        /// after a rest shows at once.
        @Test func aHeldDownPreviewsOnceWhenTheSelectionRests() {
            let (harness, flow) = start(paced: true)
            defer { harness.end() }
            let rest = harness.frame.host.previewRest
            #expect(detail(harness, row: 1, flow: flow) == "Number 0")
            guard let preview = flow.made.last else { return }
            harness.advance(by: rest)
            harness.press(.down)
            #expect(detail(harness, row: 1, flow: flow) == "Number 1", "the first after a rest shows at once")
            #expect(preview.shownInPlace == 1)
            for _ in 0..<20 {
                harness.advance(by: .milliseconds(30))  // a held key's repeats
                harness.press(.down)
            }
            #expect(preview.shownInPlace == 1, "no preview while the keys keep coming")
            #expect(detail(harness, row: 1, flow: flow) == "Number 1")
            harness.advance(by: rest - .milliseconds(1))
            #expect(preview.shownInPlace == 1)
            harness.advance(by: .milliseconds(1))
            #expect(preview.shownInPlace == 2, "one preview once the selection rests")
            #expect(detail(harness, row: 1, flow: flow) == "Number 21")
            #expect(flow.made.count == 1)
        }

        /// Opening the highlighted item before its preview caught up shows
        /// it in the same screen, at once.
        @Test func openingBeforeThePreviewCaughtUpShowsTheHighlightedItem() {
            let (harness, flow) = start(paced: true)
            defer { harness.end() }
            harness.press(.down, .down, .down)
            harness.press(.enter)
            #expect(flow.split.focusedColumn == .secondary)
            #expect(detail(harness, row: 1, flow: flow) == "Number 3")
            #expect(flow.made.count == 1)
            harness.advance(by: .seconds(1))
            #expect(detail(harness, row: 1, flow: flow) == "Number 3", "the waiting preview changes nothing")
        }

        /// A held Down sets one timer per rest, not one per key: each timer
        /// woke dispatch's timer thread and then the loop once more.
        @Test func aHeldDownSharesOneTimerUntilTheSelectionRests() {
            let (harness, flow) = start(paced: true)
            defer { harness.end() }
            let clock = CountingClock(harness.clock)
            harness.frame.host.clock = clock
            let rest = harness.frame.host.previewRest
            harness.advance(by: rest)
            for _ in 0..<20 {
                harness.press(.down)
                harness.advance(by: .milliseconds(10))  // keys ten times as fast as the rest
            }
            // 190 ms of keys: a timer per rest (four) and one for the end of
            // it, where a timer per key made 19.
            #expect(clock.timersMade < 10, "one timer per rest, not one per key: \(clock.timersMade)")
            harness.advance(by: rest)
            #expect(detail(harness, row: 1, flow: flow) == "Number 20", "the preview follows once the selection rests")
            #expect(harness.clock.pendingCount == 0)
        }

        /// Collapsed, a highlight builds no preview, so the keys set no timer.
        @Test func aDownInACollapsedSplitSetsNoTimer() {
            let (harness, flow) = start(CellSize(width: 80, height: 24), paced: true)
            defer { harness.end() }
            let clock = CountingClock(harness.clock)
            harness.frame.host.clock = clock
            #expect(!flow.split.isSideBySide)
            for _ in 0..<5 {
                harness.press(.down)
                harness.advance(by: .milliseconds(10))
            }
            #expect(clock.timersMade == 0)
            #expect(flow.made.isEmpty, "nothing previewed out of sight")
        }
    }
}

/// The harness's virtual clock, counting the one-shot timers asked of it.
@MainActor
private final class CountingClock: LoopClock {
    private let base: VirtualLoopClock
    private(set) var timersMade = 0

    init(_ base: VirtualLoopClock) { self.base = base }

    var now: Duration { base.now }

    func repeating(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        base.repeating(every: interval, action)
    }

    func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        timersMade += 1
        return base.after(delay, action)
    }
}
