import ShojiNavigation
import ShojiTesting
import Testing

/// Each transition's effect on the stack model and the exact lifecycle sequence
/// (`host` marks where the host notification falls).
@MainActor
struct RouterTransitionTests {
    let log = EventLog()
    let router = StackRouter()
    let host: RecordingRouterHost

    init() {
        host = RecordingRouterHost(log: log)
        router.host = host
    }

    func screen(_ name: String) -> FakePresentable { FakePresentable(name, log: log) }

    func names(_ entries: [RouterEntry]) -> [String] { entries.map { RouterCall.name($0.presentable) } }

    @Test func setRootOnEmptyStackAppearsMovingToParent() {
        router.setRoot(screen("a"))
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == ["a.willAppear(moving: true)", "host", "a.didAppear(moving: true)"])
    }

    @Test func pushCoversOldTop() {
        router.setRoot(screen("a"))
        log.take()
        router.push(screen("b"))
        #expect(names(router.entries) == ["a", "b"])
        #expect(router.entries.map(\.style) == [.push, .push])
        #expect(log.take() == [
            "a.willDisappear(moving: false)", "b.willAppear(moving: true)", "host",
            "b.didAppear(moving: true)", "a.didDisappear(moving: false)",
        ])
        let change = host.changes.last!
        #expect(names(change.added) == ["b"] && names(change.covered) == ["a"] && names(change.visible) == ["b"])
    }

    @Test func popUncoversBelowThenLeaveHook() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        log.take()
        #expect(router.pop())
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == [
            "b.willDisappear(moving: true)", "a.willAppear(moving: false)", "host",
            "a.didAppear(moving: false)", "b.didDisappear(moving: true)", "b.didLeave(popped)",
        ])
        #expect(names(host.changes.last!.removed) == ["b"] && names(host.changes.last!.uncovered) == ["a"])
    }

    @Test func popAtRootChangesNothing() {
        router.setRoot(screen("a"))
        log.take()
        #expect(router.pop() == false)
        #expect(log.take() == [])
        #expect(host.changes.count == 1)
    }

    @Test func presentTakesFocusButKeepsBelowVisible() {
        router.setRoot(screen("a"))
        log.take()
        router.present(screen("m"))
        #expect(router.entries.map(\.style) == [.push, .modal])
        #expect(log.take() == ["a.lostFocus", "m.willAppear(moving: true)", "host", "m.didAppear(moving: true)"])
        let change = host.changes.last!
        #expect(names(change.visible) == ["a", "m"] && names(change.covered) == ["a"])
    }

    @Test func dismissGivesFocusBack() {
        router.setRoot(screen("a"))
        router.present(screen("m"))
        log.take()
        #expect(router.dismiss())
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == [
            "m.willDisappear(moving: true)", "host", "a.gainedFocus",
            "m.didDisappear(moving: true)", "m.didLeave(dismissed)",
        ])
    }

    @Test func modalOverModalOnlyMovesFocus() {
        router.setRoot(screen("a"))
        router.present(screen("m1"))
        log.take()
        router.present(screen("m2"))
        #expect(log.take() == ["m1.lostFocus", "m2.willAppear(moving: true)", "host", "m2.didAppear(moving: true)"])
        #expect(names(host.changes.last!.visible) == ["a", "m1", "m2"])
    }

    @Test func dismissAllRemovesEveryModalTopFirst() {
        router.setRoot(screen("a"))
        router.present(screen("m1"))
        router.present(screen("m2"))
        log.take()
        router.dismissAll()
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == [
            "m2.willDisappear(moving: true)", "m1.willDisappear(moving: true)", "host", "a.gainedFocus",
            "m2.didDisappear(moving: true)", "m1.didDisappear(moving: true)",
            "m2.didLeave(dismissed)", "m1.didLeave(dismissed)",
        ])
    }

    @Test func pushOverModalHidesModalAndScreenBelow() {
        router.setRoot(screen("a"))
        router.present(screen("m"))
        log.take()
        router.push(screen("b"))
        #expect(log.take() == [
            "m.willDisappear(moving: false)", "a.willDisappear(moving: false)", "b.willAppear(moving: true)", "host",
            "b.didAppear(moving: true)", "m.didDisappear(moving: false)", "a.didDisappear(moving: false)",
        ])
    }

    @Test func popToRootTellsHiddenEntriesOnlyThatTheyLeft() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        router.push(screen("c"))
        log.take()
        router.popToRoot()
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == [
            "c.willDisappear(moving: true)", "a.willAppear(moving: false)", "host",
            "a.didAppear(moving: false)", "c.didDisappear(moving: true)",
            "c.didLeave(popped)", "b.didLeave(popped)",
        ])
    }

    @Test func popToEntryRemovesModalsAboveToo() {
        let a = screen("a")
        router.setRoot(a)
        router.push(screen("b"))
        router.present(screen("m"))
        log.take()
        #expect(router.pop(to: a))
        #expect(names(router.entries) == ["a"])
        #expect(log.take() == [
            "m.willDisappear(moving: true)", "b.willDisappear(moving: true)", "a.willAppear(moving: false)", "host",
            "a.didAppear(moving: false)", "m.didDisappear(moving: true)", "b.didDisappear(moving: true)",
            "m.didLeave(popped)", "b.didLeave(popped)",
        ])
        #expect(router.pop(to: screen("stranger")) == false)
    }

    @Test func popRemovesModalsPresentedOverThePoppedScreen() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        router.present(screen("m"))
        #expect(router.pop())
        #expect(names(router.entries) == ["a"])
    }

    @Test func setRootReplacesEverything() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        log.take()
        router.setRoot(screen("x"))
        #expect(names(router.entries) == ["x"])
        #expect(log.take() == [
            "b.willDisappear(moving: true)", "x.willAppear(moving: true)", "host",
            "x.didAppear(moving: true)", "b.didDisappear(moving: true)",
            "b.didLeave(replaced)", "a.didLeave(replaced)",
        ])
    }

    @Test func replaceTopKeepsStyleAndBelow() {
        router.setRoot(screen("a"))
        router.present(screen("m"))
        log.take()
        router.replaceTop(with: screen("n"))
        #expect(names(router.entries) == ["a", "n"])
        #expect(router.entries.last?.style == .modal)
        #expect(log.take() == [
            "m.willDisappear(moving: true)", "n.willAppear(moving: true)", "host",
            "n.didAppear(moving: true)", "m.didDisappear(moving: true)", "m.didLeave(replaced)",
        ])
    }

    @Test func hidingTheRouterDisappearsItsTopWithoutLeaving() {
        router.setRoot(screen("a"))
        router.present(screen("m"))
        log.take()
        router.isDisplayed = false
        #expect(log.take() == [
            "m.willDisappear(moving: false)", "a.willDisappear(moving: false)", "host",
            "m.didDisappear(moving: false)", "a.didDisappear(moving: false)",
        ])
        #expect(host.changes.last!.visible.isEmpty)
        router.isDisplayed = true
        #expect(log.take() == [
            "a.willAppear(moving: false)", "m.willAppear(moving: false)", "host",
            "a.didAppear(moving: false)", "m.didAppear(moving: false)",
        ])
    }

    @Test func relayoutReachesHiddenEntriesToo() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        log.take()
        router.relayout()
        #expect(log.take() == ["a.layoutChanged", "b.layoutChanged"])
    }
}

extension RouterTransitionTests {
    @Test func visibleEntriesMatchWhatTheHostIsTold() {
        router.setRoot(screen("a"))
        router.push(screen("b"))
        router.present(screen("m"))
        #expect(names(router.visibleEntries) == ["b", "m"])
        #expect(names(router.visibleEntries) == names(host.changes.last!.visible))
        router.isDisplayed = false
        #expect(router.visibleEntries.isEmpty)
        #expect(host.changes.last!.visible.isEmpty)
    }
}
