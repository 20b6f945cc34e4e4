import ShojiNavigation
import ShojiTesting
import Testing

/// A list flow on a split's primary column that opens and previews detail
/// flows, each on the secondary column, the same calls in both modes.
@MainActor
private final class SplitListFlow: Coordinator {
    let split: SplitContainer
    let log: EventLog

    init(split: SplitContainer, log: EventLog) {
        self.split = split
        self.log = log
        super.init(router: split.primaryRouter)
    }

    override func start() { router.setRoot(FakePresentable("list", log: log, routeComponent: "catalog"), owner: self) }

    @discardableResult
    func open(_ id: String) -> Coordinator {
        let flow = Coordinator(router: split.secondaryRouter)
        addChild(flow)
        split.showDetail(FakePresentable("detail-\(id)", log: log, routeComponent: id), owner: flow)
        return flow
    }

    func preview(_ id: String) {
        guard split.isSideBySide else { return }
        let flow = Coordinator(router: split.secondaryRouter)
        addChild(flow)
        split.previewDetail(FakePresentable("detail-\(id)", log: log, routeComponent: id), owner: flow)
    }
}

/// One list and its detail, side by side from 120 columns, one stack when
/// narrower; what crossing the width does and does not tell the screens.
@MainActor
struct SplitContainerTests {
    let log = EventLog()
    let split = SplitContainer(minimumSideBySideWidth: 120)
    private let flow: SplitListFlow

    init() {
        flow = SplitListFlow(split: split, log: log)
        flow.start()
    }

    var detailFlows: [Coordinator] { flow.children }
    func names(_ router: any Routing) -> [String] { router.entries.map { RouterCall.name($0.presentable) } }

    /// A split whose stack does not show it (a tab not selected) hides its
    /// columns until it appears, and again when it disappears.
    @Test func aSplitItsStackHidesStaysOutOfSightUntilItAppears() {
        split.layout(width: 160)
        #expect(split.primaryRouter.isDisplayed, "driven alone, it counts as shown")
        log.take()
        split.holderHidesIt()
        #expect(!split.primaryRouter.isDisplayed && !split.secondaryRouter.isDisplayed)
        #expect(log.take() == ["list.willDisappear(moving: false)", "list.didDisappear(moving: false)"])
        split.handle(.willAppear(movingToParent: true))
        #expect(split.primaryRouter.isDisplayed)
        split.holderHidesIt()
        #expect(split.primaryRouter.isDisplayed, "once it appeared, only its own events decide")
    }

    @Test func collapsedOpeningCoversTheListAndBackPopsTheDetail() throws {
        split.layout(width: 80)
        log.take()
        weak let released = flow.open("a")
        #expect(released != nil)
        #expect(split.activeRouter === split.secondaryRouter)
        #expect(split.routeComponents == ["catalog", "a"])
        #expect(log.take() == [
            "detail-a.willAppear(moving: true)", "detail-a.didAppear(moving: true)",
            "list.willDisappear(moving: false)", "list.didDisappear(moving: false)",
        ])
        #expect(split.canGoBack)
        #expect(split.back() == .popped)
        #expect(log.take() == [
            "detail-a.willDisappear(moving: true)", "detail-a.didDisappear(moving: true)", "detail-a.didLeave(back)",
            "list.willAppear(moving: false)", "list.didAppear(moving: false)",
        ])
        #expect(detailFlows.isEmpty)
        #expect(released == nil)
        #expect(split.routeComponents == ["catalog"])
        #expect(split.back() == .atRoot)
        #expect(!split.canGoBack)
    }

    @Test func sideBySideAPreviewFollowsTheListAndOpeningMovesOnlyTheKeys() {
        split.layout(width: 160)
        log.take()
        flow.preview("a")
        #expect(log.take() == ["detail-a.willAppear(moving: true)", "detail-a.didAppear(moving: true)"])
        #expect(split.activeRouter === split.primaryRouter)
        #expect(split.routeComponents == ["catalog"], "a preview is not where the user is")
        flow.preview("b")
        #expect(log.take() == [
            "detail-a.willDisappear(moving: true)", "detail-b.willAppear(moving: true)",
            "detail-b.didAppear(moving: true)", "detail-a.didDisappear(moving: true)", "detail-a.didLeave(replaced)",
        ])
        #expect(detailFlows.count == 1, "the replaced detail's flow ended")
        flow.open("b")
        #expect(split.focusedColumn == .secondary)
        #expect(split.routeComponents == ["catalog", "b"])
        #expect(split.back() == .focusMoved)
        #expect(split.focusedColumn == .primary)
        #expect(names(split.secondaryRouter) == ["detail-b"], "back beside the list leaves nothing")
        #expect(split.focus(.secondary))
        #expect(split.focus(.secondary) == false)
    }

    @Test func aResizeAcrossTheWidthMovesAnOpenDetailWithOneEventEach() {
        split.layout(width: 160)
        flow.open("a")
        log.take()
        split.layout(width: 80)
        #expect(log.take() == ["list.willDisappear(moving: false)", "list.didDisappear(moving: false)"])
        #expect(split.activeRouter === split.secondaryRouter)
        split.layout(width: 100)
        #expect(log.take().isEmpty, "no crossing, no event")
        split.layout(width: 160)
        #expect(log.take() == ["list.willAppear(moving: false)", "list.didAppear(moving: false)"])
        #expect(split.focusedColumn == .secondary)
        #expect(split.routeComponents == ["catalog", "a"])
        #expect(detailFlows.count == 1)
    }

    @Test func collapsingHidesAPreviewWithoutLeaving() {
        split.layout(width: 160)
        flow.preview("a")
        log.take()
        split.layout(width: 80)
        #expect(log.take() == ["detail-a.willDisappear(moving: false)", "detail-a.didDisappear(moving: false)"])
        #expect(split.activeRouter === split.primaryRouter)
        #expect(split.routeComponents == ["catalog"])
        split.layout(width: 160)
        #expect(log.take() == ["detail-a.willAppear(moving: false)", "detail-a.didAppear(moving: false)"])
    }

    @Test func leavingItsStackEmptiesBothColumnsWithTheSameReason() {
        let outer = StackRouter()
        outer.setRoot(FakePresentable("home", log: log))
        let parent = Coordinator(router: outer)
        parent.addChild(flow)
        split.layout(width: 160)
        outer.push(split, owner: flow)
        flow.open("a")
        log.take()
        #expect(outer.back() == .popped)
        let events = log.take()
        #expect(events.contains("detail-a.didLeave(back)") && events.contains("list.didLeave(back)"))
        #expect(split.primaryRouter.entries.isEmpty && split.secondaryRouter.entries.isEmpty)
        #expect(parent.children.isEmpty)
        #expect(flow.children.isEmpty)
    }
}

@MainActor
struct SplitContainerFlowEndTests {
    @Test func aDetailFlowEndingOnItsOwnGivesTheListBack() {
        let log = EventLog()
        let split = SplitContainer(minimumSideBySideWidth: 120)
        let flow = SplitListFlow(split: split, log: log)
        flow.start()
        split.layout(width: 80)
        let detail = flow.open("gone")
        log.take()
        detail.cancel(.popped)
        #expect(split.focusedColumn == .primary)
        #expect(split.activeRouter === split.primaryRouter)
        #expect(split.primaryRouter.isDisplayed)
        #expect(log.take() == [
            "detail-gone.willDisappear(moving: true)", "detail-gone.didDisappear(moving: true)",
            "detail-gone.didLeave(flowEnded)", "list.willAppear(moving: false)", "list.didAppear(moving: false)",
        ])
    }
}

/// What a host hears: one call per change of mode, focus or visibility.
@MainActor
private final class SplitHostRecorder: SplitContainerHost {
    var changes: [(sideBySide: Bool, focus: SplitContainer.Column)] = []
    func splitContainerDidChange(_ split: SplitContainer) { changes.append((split.isSideBySide, split.focusedColumn)) }
}

@MainActor
struct SplitContainerHostTests {
    @Test func theHostHearsEachChangeOnceAfterTheStacksDelivered() {
        let split = SplitContainer(minimumSideBySideWidth: 120)
        let recorder = SplitHostRecorder()
        split.host = recorder
        split.primaryRouter.setRoot(FakePresentable("list"))
        split.layout(width: 160)
        split.layout(width: 150)
        split.showDetail(FakePresentable("detail"), owner: nil)
        split.focus(.primary)
        #expect(recorder.changes.map(\.sideBySide) == [true, true, true])
        #expect(recorder.changes.map(\.focus) == [.primary, .secondary, .primary])
    }
}
