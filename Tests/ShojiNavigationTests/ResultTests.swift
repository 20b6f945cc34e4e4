import ShojiNavigation
import ShojiTesting
import Testing

/// Results of modules and child flows arrive exactly once, whichever path
/// ended them, through callbacks and `async` alike.
@MainActor
struct ResultTests {
    let router = StackRouter()

    /// Every programmatic or user path by which a module can leave, with the
    /// reason its result must carry.
    enum LeavePath: CaseIterable, Sendable {
        case back, popOrDismiss, popToRoot, setRoot, setStack, replaceTop, dismissAll

        @MainActor
        func perform(on router: StackRouter, style: PresentationStyle) -> LeaveReason {
            switch self {
            case .back:
                _ = router.back()
                return .back
            case .popOrDismiss:
                if style == .modal { router.dismiss(); return .dismissed }
                router.pop()
                return .popped
            case .popToRoot:
                router.popToRoot()
                return .popped
            case .setRoot:
                router.setRoot(FakePresentable("new-root"))
                return .replaced
            case .setStack:
                router.setStack([RouterEntry(FakePresentable("other"))])
                return .replaced
            case .replaceTop:
                router.replaceTop(with: FakePresentable("replacement"))
                return .replaced
            case .dismissAll:
                if style == .modal { router.dismissAll(); return .dismissed }
                router.pop()
                return .popped
            }
        }
    }

    @Test(arguments: LeavePath.allCases, [PresentationStyle.push, .modal])
    func moduleResultAndLeaveHookFireOnceOnEveryPath(path: LeavePath, style: PresentationStyle) {
        router.setRoot(FakePresentable("root"))
        let module = FakePresentable("picker")
        let result = ResultChannel<Int>()
        var outcomes: [FlowOutcome<Int>] = []
        result.onOutcome { outcomes.append($0) }
        if style == .push {
            router.push(module, owner: nil, result: result)
        } else {
            router.present(module, owner: nil, result: result)
        }
        let reason = path.perform(on: router, style: style)
        router.setRoot(FakePresentable("afterwards"))
        #expect(module.leaveCount == 1)
        #expect(module.events.last == .didLeave(reason))
        #expect(outcomes == [.cancelled(reason)])
    }

    @Test func completedModuleIsNotCancelledWhenItsCoordinatorPopsIt() {
        router.setRoot(FakePresentable("root"))
        let result = ResultChannel<String>()
        var outcomes: [FlowOutcome<String>] = []
        result.onOutcome { outcomes.append($0) }
        router.present(FakePresentable("alert"), owner: nil, result: result)
        result.complete("ok")
        router.dismiss()
        result.complete("again")
        #expect(outcomes == [.completed("ok")])
    }

    @Test func awaitingAModuleResult() async {
        router.setRoot(FakePresentable("root"))
        let result = ResultChannel<String>()
        router.present(FakePresentable("alert"), owner: nil, result: result)
        Task { @MainActor in _ = router.back() }
        #expect(await result.wait() == .cancelled(.back))
        #expect(await result.wait() == .cancelled(.back), "a resolved channel answers at once")
    }

    @Test(arguments: ["back", "pop", "popToRoot", "setRoot", "parentCancel", "finish"])
    func childFlowSharingTheRouterEndsExactlyOnce(path: String) {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let detail = list.open("a")
        switch path {
        case "back": _ = router.back()
        case "pop": router.pop()
        case "popToRoot": router.popToRoot()
        case "setRoot": router.setRoot(FakePresentable("x"), owner: home)
        case "parentCancel": list.cancel(.dismissed)
        default: detail.finish(with: true)
        }
        router.setRoot(FakePresentable("y"), owner: home)
        detail.finish(with: false)
        #expect(detail.screenLeaves == 1)
        #expect(detail.isFinished)
        let expected: [FlowOutcome<Bool>] = switch path {
        case "back": [.cancelled(.back)]
        case "pop", "popToRoot": [.cancelled(.popped)]
        case "setRoot": [.cancelled(.replaced)]
        case "parentCancel": [.cancelled(.parentEnded)]
        default: [.completed(true)]
        }
        #expect(list.detailOutcomes == expected)
    }

    @Test func aModuleCancelledByTheUserSaysSoAndLeavingLaterChangesNothing() {
        router.setRoot(FakePresentable("root"))
        let form = FakePresentable("form")
        let result = ResultChannel<String>()
        var outcomes: [FlowOutcome<String>] = []
        result.onOutcome { outcomes.append($0) }
        router.present(form, owner: nil, result: result)
        result.cancel(.cancelledByUser)  // the form's Cancel button
        router.dismiss()
        #expect(outcomes == [.cancelled(.cancelledByUser)])
        #expect(result.outcome?.cancellationReason == .cancelledByUser)
        #expect(form.events.last == .didLeave(.dismissed))
        #expect(LeaveReason.cancelledByUser.description == "cancelledByUser")
    }

    @Test func aChildFlowCancelledByTheUserTellsItsParentOnce() {
        let home = HomeCoordinator(router: router)
        home.start()
        let list = home.openList()
        let detail = list.open("a")
        detail.cancel(.cancelledByUser)
        detail.cancel(.back)
        detail.finish(with: true)
        router.setRoot(FakePresentable("y"), owner: home)
        #expect(list.detailOutcomes == [.cancelled(.cancelledByUser)])
        #expect(detail.isFinished && detail.parent == nil)
        #expect(detail.screenLeaves == 1)
        #expect(router.entries.count == 1)
    }

    @Test func awaitingAChildFlow() async {
        let home = HomeCoordinator(router: router)
        home.start()
        let detail = DetailCoordinator(router: router, item: "a")
        let running = Task { @MainActor in await home.run(detail) }
        while !home.children.contains(where: { $0 === detail }) { await Task.yield() }
        #expect(router.entries.count == 2, "run starts the child")
        detail.finish(with: true)
        #expect(await running.value == .completed(true))
        #expect(home.children.isEmpty)
    }
}
