import ShojiNavigation
import ShojiTesting
import Testing

/// `back()` is the router's: modal first, then pop, never past the root; only
/// back can be vetoed, and the veto may be decided later.
@MainActor
struct BackTests {
    let log = EventLog()
    let router = StackRouter()

    func screen(_ name: String) -> FakePresentable { FakePresentable(name, log: log) }

    @Test func backAtRootDoesNothingAndSaysSo() {
        #expect(router.back() == .atRoot)
        router.setRoot(screen("a"))
        log.take()
        #expect(router.back() == .atRoot)
        #expect(router.entries.count == 1)
        #expect(log.take() == [])
    }

    @Test func backDismissesTheTopModalBeforePopping() {
        let b = screen("b")
        let m = screen("m")
        router.setRoot(screen("a"))
        router.push(b)
        router.present(m)
        #expect(router.back() == .dismissedModal)
        #expect(router.top?.presentable === b)
        #expect(m.events.last == .didLeave(.back))
        #expect(router.back() == .popped)
        #expect(b.events.last == .didLeave(.back))
        #expect(router.back() == .atRoot)
    }

    @Test func vetoKeepsTheStack() {
        let form = screen("form")
        form.backDecision = .stay
        router.setRoot(screen("a"))
        router.push(form)
        log.take()
        #expect(router.back() == .vetoed)
        #expect(router.top?.presentable === form)
        #expect(log.take() == [])
    }

    @Test func asyncApprovalThenPops() {
        let form = screen("form")
        var approval: BackApproval?
        form.backDecision = .ask { approval = $0 }
        router.setRoot(screen("a"))
        router.push(form)
        log.take()
        #expect(router.back() == .pending)
        #expect(router.back() == .pending, "asking again while the question is open does nothing")
        #expect(router.top?.presentable === form)
        #expect(approval?.approve() == .popped)
        #expect(router.entries.count == 1)
        #expect(form.events.last == .didLeave(.back))
        #expect(form.leaveCount == 1)
    }

    @Test func approvalFromAConfirmationAlertRemovesTheAlertAndTheForm() {
        let form = screen("form")
        let alert = screen("alert")
        var approval: BackApproval?
        form.backDecision = .ask { answer in
            approval = answer
            router.present(alert)
        }
        router.setRoot(screen("a"))
        router.push(form)
        #expect(router.back() == .pending)
        #expect(router.top?.presentable === alert)
        #expect(approval?.approve() == .popped)
        #expect(router.entries.count == 1)
        #expect(alert.events.last == .didLeave(.back) && form.events.last == .didLeave(.back))
    }

    @Test func deniedApprovalKeepsTheScreenAndAsksAgainNextTime() {
        let form = screen("form")
        var asked = 0
        form.backDecision = .ask { asked += 1; $0.deny() }
        router.setRoot(screen("a"))
        router.push(form)
        #expect(router.back() == .vetoed)
        #expect(router.back() == .vetoed)
        #expect(asked == 2)
        #expect(router.top?.presentable === form)
    }

    @Test func synchronousApprovalPopsAtOnce() {
        let form = screen("form")
        form.backDecision = .ask { $0.approve() }
        router.setRoot(screen("a"))
        router.push(form)
        #expect(router.back() == .popped)
        #expect(router.entries.count == 1)
    }

    @Test func programmaticPopIgnoresTheVetoButStillSaysLeave() {
        let form = screen("form")
        form.backDecision = .stay
        router.setRoot(screen("a"))
        router.push(form)
        #expect(router.pop())
        #expect(form.events.suffix(2) == [.didDisappear(movingFromParent: true), .didLeave(.popped)])
    }

    @Test func lateApprovalForAScreenAlreadyGoneDoesNothing() {
        let form = screen("form")
        var approval: BackApproval?
        form.backDecision = .ask { approval = $0 }
        router.setRoot(screen("a"))
        router.push(form)
        #expect(router.back() == .pending)
        router.pop()
        let other = screen("other")
        router.push(other)
        #expect(approval?.approve() == nil)
        #expect(router.top?.presentable === other)
        #expect(form.leaveCount == 1)
    }
}
