import ShojiNavigation
import ShojiTesting
import Testing

/// The split previews the highlighted item by itself: the flow says how to
/// make an item's detail and which item is highlighted; the split shows,
/// replaces and releases the detail.
@MainActor
struct SplitItemTests {
    let log = EventLog()
    let split = SplitContainer(minimumSideBySideWidth: 120)
    let flow: Coordinator
    /// How many details `detailForItem` made, per item.
    private let made = Counter()

    init() {
        flow = Coordinator(router: split.primaryRouter)
        flow.router.setRoot(FakePresentable("list", log: log, routeComponent: "catalog"), owner: flow)
        split.detailForItem = { [flow, log, made] id in
            guard let id = id as? String, id != "missing" else { return nil }
            made.count[id, default: 0] += 1
            let detail = Coordinator(router: flow.router)
            flow.addChild(detail)
            return RouterEntry(FakePresentable("detail-\(id)", log: log, routeComponent: id), owner: detail)
        }
    }

    private var shown: [String] { split.secondaryRouter.entries.map { RouterCall.name($0.presentable) } }

    @Test func sideBySideAHighlightIsPreviewedOnceAndReplacedByTheNext() {
        split.layout(width: 160)
        split.highlight("a")
        split.highlight("a")
        #expect(shown == ["detail-a"])
        #expect(made.count["a"] == 1, "the same item again builds nothing")
        weak let first = flow.children.first
        split.highlight("b")
        #expect(shown == ["detail-b"])
        #expect(first == nil, "the replaced preview's flow is released")
        #expect(flow.children.count == 1)
        #expect(split.focusedColumn == .primary, "a preview leaves the keys in the list")
    }

    /// Tab's move is the same at every width: to the highlighted item's
    /// detail (made once), back to the list (the detail kept, out of sight
    /// when collapsed), and nowhere when nothing is highlighted.
    @Test(arguments: [80, 160])
    func focusingTheOtherColumnMeansTheSameAtEveryWidth(width: Int) {
        split.layout(width: width)
        #expect(split.otherColumn == nil, "nothing highlighted, nowhere to go")
        #expect(!split.focusOtherColumn())
        split.highlight("a")
        #expect(split.otherColumn == .secondary)
        #expect(split.focusOtherColumn())
        #expect(split.focusedColumn == .secondary && split.isDetailOpen)
        #expect(shown == ["detail-a"])
        #expect(split.routeComponents == ["catalog", "a"])
        #expect(split.otherColumn == .primary)
        log.take()
        #expect(split.focusOtherColumn())
        #expect(split.focusedColumn == .primary)
        #expect(split.routeComponents == ["catalog"])
        #expect(!log.take().contains("detail-a.didLeave(back)"), "the keys moved; nobody left")
        #expect(split.focusOtherColumn())
        #expect(made.count["a"] == 1, "the same item's detail is shown again, not made again")
    }

    @Test func noHighlightedItemEmptiesTheDetailAndReleasesItsFlow() {
        split.layout(width: 160)
        split.highlight("a")
        log.take()
        split.highlight(nil)
        #expect(shown.isEmpty)
        #expect(flow.children.isEmpty)
        #expect(log.take().contains("detail-a.didLeave(replaced)"))
        split.highlight("missing")
        #expect(shown.isEmpty, "an item the flow cannot make shows nothing")
    }

    @Test func collapsedNothingIsBuiltUntilTheColumnsShowSideBySide() {
        split.layout(width: 80)
        split.highlight("a")
        split.highlight("b")
        #expect(made.count.isEmpty)
        #expect(shown.isEmpty)
        split.layout(width: 160)
        #expect(shown == ["detail-b"], "the item highlighted last, once the column shows")
        #expect(made.count == ["b": 1])
    }

    @Test func aPreviewOutOfSightIsReleasedWhenNothingIsHighlightedAndWideningShowsNothing() {
        split.layout(width: 160)
        split.highlight("a")
        split.layout(width: 80)
        split.highlight(nil)
        #expect(shown.isEmpty, "the hidden preview of an item no longer shown is released")
        #expect(flow.children.isEmpty)
        split.layout(width: 160)
        #expect(shown.isEmpty, "widening does not bring it back")
    }

    @Test func aSplitThatLeftItsStackMakesNoDetail() {
        let outer = StackRouter()
        outer.setRoot(FakePresentable("home"))
        split.layout(width: 160)
        outer.push(split, owner: nil, onLeave: nil)
        split.highlight("a")
        #expect(made.count == ["a": 1])
        _ = outer.pop()
        #expect(split.secondaryRouter.entries.isEmpty && split.primaryRouter.entries.isEmpty)
        #expect(made.count == ["a": 1], "no preview is made for a split that left")
        split.highlight("b")
        #expect(made.count["b"] == nil)
    }

    @Test func openingThePreviewedItemKeepsItsDetailAndMovesTheKeys() {
        split.layout(width: 160)
        split.highlight("a")
        log.take()
        #expect(split.openDetail(itemID: "a"))
        #expect(made.count["a"] == 1)
        #expect(split.isDetailOpen)
        #expect(!log.take().contains { $0.contains("didLeave") })
        split.highlight("b")
        #expect(shown == ["detail-a"], "an open detail is not replaced behind the user's back")
        #expect(split.back() == .focusMoved)
        #expect(shown == ["detail-b"], "with the keys back in the list, the detail shows its highlighted item")
    }

    @Test func collapsedOpeningCoversTheListAndBackReleasesIt() {
        split.layout(width: 80)
        split.highlight("a")
        #expect(split.openDetail(itemID: "a"))
        #expect(split.activeRouter === split.secondaryRouter)
        #expect(split.routeComponents == ["catalog", "a"])
        #expect(split.back() == .popped)
        #expect(flow.children.isEmpty)
        #expect(!split.openDetail(itemID: "missing"))
        #expect(split.activeRouter === split.primaryRouter)
    }
}

/// A detail that shows another item in place.
@MainActor
private final class ReusedDetail: FakePresentable, ReusableItemDetail {
    var item: String
    init(_ item: String) {
        self.item = item
        super.init("reused")
    }
    func showItem(_ itemID: AnyHashable) -> Bool {
        guard let id = itemID as? String, id != "other" else { return false }
        item = id
        return true
    }
}

@MainActor
struct SplitReusedDetailTests {
    @Test func aReusableDetailShowsTheNextItemInPlaceUnlessItDeclines() {
        let split = SplitContainer(minimumSideBySideWidth: 120)
        let flow = Coordinator(router: split.primaryRouter)
        flow.router.setRoot(FakePresentable("list"), owner: flow)
        var made: [String] = []
        split.detailForItem = { id in
            let id = id as! String
            made.append(id)
            return RouterEntry(ReusedDetail(id), owner: flow)
        }
        split.layout(width: 160)
        split.highlight("a")
        let first = split.secondaryRouter.entries.first?.presentable as? ReusedDetail
        split.highlight("b")
        #expect(made == ["a"], "no new detail per key")
        #expect(split.secondaryRouter.entries.first?.presentable === first)
        #expect(first?.item == "b")
        #expect(split.detailItemID == AnyHashable("b"))
        split.highlight("other")
        #expect(made == ["a", "other"], "a detail that declines is replaced")
    }
}

/// Counts shared with the split's factory closure.
@MainActor
private final class Counter {
    var count: [String: Int] = [:]
}
