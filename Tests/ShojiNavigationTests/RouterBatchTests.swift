import ShojiNavigation
import ShojiTesting
import Testing

/// Transactions: one host notification per batch, events computed from the
/// states before and after.
@MainActor
struct RouterBatchTests {
    let log = EventLog()
    let router = StackRouter()
    let host: RecordingRouterHost

    init() {
        host = RecordingRouterHost(log: log)
        router.host = host
    }

    func screen(_ name: String) -> FakePresentable { FakePresentable(name, log: log) }

    @Test func batchOfThreeScreensNotifiesOnceAndOnlyTheFinalTopAppears() {
        router.setRoot(screen("home"))
        log.take()
        router.performBatch {
            router.push(screen("list"))
            router.push(screen("detail"))
            router.present(screen("alert"))
        }
        #expect(host.changes.count == 2)
        #expect(host.changes.last!.added.count == 3)
        #expect(log.take() == [
            "home.willDisappear(moving: false)",
            "detail.willAppear(moving: true)", "alert.willAppear(moving: true)", "host",
            "detail.didAppear(moving: true)", "alert.didAppear(moving: true)",
            "home.didDisappear(moving: false)",
        ])
    }

    @Test func screensBuiltByABatchAppearWhenUncovered() {
        router.setRoot(screen("home"))
        router.performBatch {
            router.push(screen("list"))
            router.push(screen("detail"))
        }
        log.take()
        router.pop()
        #expect(log.take() == [
            "detail.willDisappear(moving: true)", "list.willAppear(moving: false)", "host",
            "list.didAppear(moving: false)", "detail.didDisappear(moving: true)", "detail.didLeave(popped)",
        ])
    }

    @Test func setStackKeepsSharedEntriesAndReplacesTheRest() {
        let home = screen("home")
        let left = FakePresentable("old", log: log)
        var leaveReasons: [LeaveReason] = []
        router.setRoot(home, owner: nil, onLeave: { leaveReasons.append($0) })
        router.push(left)
        log.take()
        router.setStack([RouterEntry(home), RouterEntry(screen("a")), RouterEntry(screen("b"))])
        #expect(router.entries.map { RouterCall.name($0.presentable) } == ["home", "a", "b"])
        #expect(log.take() == [
            "old.willDisappear(moving: true)", "b.willAppear(moving: true)", "host",
            "b.didAppear(moving: true)", "old.didDisappear(moving: true)", "old.didLeave(replaced)",
        ])
        #expect(leaveReasons.isEmpty, "the kept root keeps its entry and does not leave")
        #expect(home.leaveCount == 0)
    }

    @Test func entryThatComesAndGoesInsideABatchOnlyLeaves() {
        router.setRoot(screen("home"))
        log.take()
        let flash = screen("flash")
        router.performBatch {
            router.push(flash)
            router.pop()
        }
        #expect(log.take() == ["flash.didLeave(popped)"])
        #expect(host.changes.count == 1, "nothing changed for the host")
    }

    @Test func nestedBatchesNotifyOnceAtTheOutermostEnd() {
        router.performBatch {
            router.setRoot(screen("a"))
            router.performBatch { router.push(screen("b")) }
            #expect(host.changes.isEmpty)
        }
        #expect(host.changes.count == 1)
    }

    @Test func transitionRequestedByALeaveHookIsTheNextTransaction() {
        router.setRoot(screen("home"))
        // The hook captures the router and the log, not `self`: `self` holds the
        // recording host, which keeps every change and so this hook (a cycle
        // LeakSanitizer reported under `make sanitize`).
        router.push(screen("form"), owner: nil, onLeave: { [router, log] _ in
            router.present(FakePresentable("toast", log: log))
        })
        log.take()
        router.pop()
        #expect(log.take() == [
            "form.willDisappear(moving: true)", "home.willAppear(moving: false)", "host",
            "home.didAppear(moving: false)", "form.didDisappear(moving: true)", "form.didLeave(popped)",
            "home.lostFocus", "toast.willAppear(moving: true)", "host", "toast.didAppear(moving: true)",
        ])
    }

    @Test func changeListsResultingEntriesAndTop() {
        router.performBatch {
            router.setRoot(screen("a"))
            router.present(screen("m"))
        }
        let change = host.changes.last!
        #expect(change.entries.count == 2)
        #expect(change.top.map { RouterCall.name($0.presentable) } == "m")
        #expect(change.isDisplayed)
    }

    @Test func samePresentableTwiceIsRejectedByTheModel() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let router = StackRouter()
                let a = FakePresentable("a")
                router.setRoot(a)
                router.push(a)
            }
        }
    }
}
