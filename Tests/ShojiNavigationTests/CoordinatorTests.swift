import ShojiNavigation
import ShojiTesting
import Testing

/// Children added once and removed by identity, and flows ended automatically
/// when their screens leave, whatever path removed them.
@MainActor
struct CoordinatorTests {
    let router = MockRouter()

    func names(_ entries: [RouterEntry]) -> [String] { entries.map { RouterCall.name($0.presentable) } }

    @Test func childIsAddedOnceAndRemovedByIdentity() {
        let parent = Coordinator(router: router)
        let first = Coordinator(router: router)
        let second = Coordinator(router: router)
        parent.addChild(first)
        parent.addChild(first)
        parent.addChild(second)
        #expect(parent.children.count == 2)
        #expect(first.parent === parent)
        parent.removeChild(first)
        #expect(parent.children.count == 1 && parent.children.first === second)
        #expect(first.parent == nil)
        #expect(!first.isFinished, "removing is not ending")
    }

    /// Seed 000: List -> Detail -> back removes DetailCoordinator from
    /// ListCoordinator's children, and the list learns how the detail ended.
    @Test func backFromDetailRemovesDetailCoordinator() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let detail = list.open("iphone-15-pro")
        #expect(list.children.count == 1)
        #expect(names(router.entries) == ["home", "list", "detail-iphone-15-pro"])
        #expect(router.back() == .popped)
        #expect(list.children.isEmpty)
        #expect(detail.isFinished && detail.parent == nil)
        #expect(list.detailOutcomes.map(\.cancellationReason) == [.back])
        #expect(home.children.count == 1, "the list flow still has its screen")
        #expect(router.back() == .popped)
        #expect(home.children.isEmpty)
        #expect(home.listOutcomes.map(\.cancellationReason) == [.back])
    }

    @Test func finishingRemovesTheFlowsScreensAndCompletesOnce() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let detail = list.open("a")
        detail.finish(with: true)
        detail.finish(with: false)
        detail.cancel(.popped)
        #expect(names(router.entries) == ["home", "list"])
        #expect(list.detailOutcomes == [.completed(true)])
        #expect(list.children.isEmpty)
    }

    @Test func popToRootEndsEveryFlowAboveTheRootDeepestFirst() {
        let log = EventLog()
        let home = HomeCoordinator(router: router, log: log)
        home.start()
        let list = home.openList()
        list.open("a")
        log.take()
        router.popToRoot()
        #expect(home.children.isEmpty && list.children.isEmpty)
        #expect(list.detailOutcomes.map(\.cancellationReason) == [.popped])
        #expect(home.listOutcomes.map(\.cancellationReason) == [.popped])
        #expect(log.take().filter { $0.contains("didLeave") } == ["detail-a.didLeave(popped)", "list.didLeave(popped)"])
    }

    @Test func setRootEndsReplacedFlows() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        router.setRoot(FakePresentable("elsewhere"), owner: home)
        #expect(list.isFinished)
        #expect(home.listOutcomes.map(\.cancellationReason) == [.replaced])
        #expect(!home.isFinished, "a root flow is never ended by its router")
    }

    @Test func cancellingAParentEndsChildrenAndRemovesAllTheirScreensInOneNotification() {
        let host = RecordingRouterHost()
        router.host = host
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let detail = list.open("a")
        let before = host.changes.count
        list.cancel(.dismissed)
        #expect(host.changes.count == before + 1)
        #expect(names(router.entries) == ["home"])
        #expect(detail.isFinished)
        #expect(list.detailOutcomes.map(\.cancellationReason) == [.parentEnded], "children end first, and their parent still hears it")
        #expect(home.listOutcomes.map(\.cancellationReason) == [.dismissed])
    }

    @Test func childFlowWithItsOwnRouterTakesItsContainerWithIt() {
        let home = HomeCoordinator(router: router)
        home.start()
        let modalRouter = StackRouter()
        let wizard = FlowCoordinator<String>(router: modalRouter)
        var outcomes: [FlowOutcome<String>] = []
        home.addChild(wizard) { outcomes.append($0) }
        modalRouter.setRoot(FakePresentable("step-1"), owner: wizard)
        router.present(FakePresentable("wizard-container"), owner: wizard)
        wizard.finish(with: "done")
        #expect(names(router.entries) == ["home"])
        #expect(modalRouter.entries.isEmpty)
        #expect(outcomes == [.completed("done")])
    }

    @Test func rootFlowReactingToAChildInsideItsCallbackGivesOneNotification() {
        let host = RecordingRouterHost()
        router.host = host
        let app = Coordinator(router: router)
        let auth = FlowCoordinator<String>(router: router)
        var signedIn: [String] = []
        app.addChild(auth) { outcome in
            guard case .completed(let user) = outcome else { return }
            signedIn.append(user)
            app.router.setRoot(FakePresentable("home-\(user)"), owner: app)
        }
        router.setRoot(FakePresentable("login"), owner: auth)
        router.push(FakePresentable("two-factor"), owner: auth)
        let before = host.changes.count
        auth.finish(with: "alice")
        #expect(signedIn == ["alice"])
        #expect(names(router.entries) == ["home-alice"])
        #expect(host.changes.count == before + 1, "no flash of an empty stack between the flows")
        #expect(app.children.isEmpty)
    }
}
