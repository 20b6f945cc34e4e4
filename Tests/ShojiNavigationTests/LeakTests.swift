import ShojiNavigation
import ShojiTesting
import Testing

/// After a flow's screens leave, its coordinator, presenters and views are gone.
@MainActor
struct LeakTests {
    let router = StackRouter()

    @Test func backFromAChildFlowReleasesCoordinatorPresenterAndView() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let tracker = LeakTracker()
        do {
            let detail = list.open("a")
            let view = router.top!.presentable as! FakeView
            tracker.track(detail, as: "DetailCoordinator")
            tracker.track(view, as: "DetailView")
            tracker.track(view.presenter, as: "DetailPresenter")
            #expect(view.presenter.output === detail)
        }
        #expect(tracker.survivors == ["DetailCoordinator", "DetailView", "DetailPresenter"])
        #expect(tracker.survivors(after: { _ = router.back() }) == [])
        #expect(list.children.isEmpty)
    }

    @Test func backTwiceReleasesTheWholeNestedFlow() {
        let home = HomeCoordinator(router: router)
        home.start()
        let tracker = LeakTracker()
        do {
            let list = home.openList()
            let detail = list.open("a")
            tracker.track(list, as: "ListCoordinator")
            tracker.track(detail, as: "DetailCoordinator")
            for (index, entry) in router.entries.enumerated().dropFirst() {
                let view = entry.presentable as! FakeView
                tracker.track(view, as: "view\(index)")
                tracker.track(view.presenter, as: "presenter\(index)")
            }
        }
        _ = router.back()
        #expect(tracker.survivors == ["ListCoordinator", "view1", "presenter1"])
        _ = router.back()
        #expect(tracker.survivors == [])
        #expect(home.children.isEmpty)
    }

    @Test func tenThousandPushPopCyclesLeaveNothingBehind() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let tracker = LeakTracker()
        for cycle in 0..<10_000 {
            let detail = list.open("item-\(cycle)")
            if cycle.isMultiple(of: 100) {
                tracker.track(detail, as: "detail-\(cycle)")
                tracker.track(router.top!.presentable, as: "view-\(cycle)")
            }
            if cycle.isMultiple(of: 2) { _ = router.back() } else { router.pop() }
        }
        #expect(tracker.survivors == [])
        #expect(list.children.isEmpty)
        #expect(router.entries.count == 2)
        #expect(list.detailOutcomes.count == 10_000)
    }

    @Test func finishedRootFlowWithAllItsChildrenIsReleased() {
        let tracker = LeakTracker()
        do {
            let app = Coordinator(router: router)
            let home = HomeCoordinator(router: router)
            app.addChild(home)
            home.start()
            home.openList().open("a")
            tracker.track(home, as: "HomeCoordinator")
            home.cancel(.flowEnded)
            #expect(app.children.isEmpty)
            #expect(router.entries.isEmpty)
        }
        #expect(tracker.survivors == [])
    }
}
