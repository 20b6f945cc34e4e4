import ShojiNavigation
import ShojiTesting
import Testing

/// An entry's owner is weak: an entry can tell that the flow that showed it
/// is gone (a root coordinator nobody held), so its screen's keys would do nothing.
@MainActor
struct OrphanTests {
    let router = StackRouter()

    @Test func anEntryWhoseOwnerDiedIsOrphaned() {
        var home: HomeCoordinator? = HomeCoordinator(router: router)
        weak let weakHome = home
        home!.start()
        #expect(router.entries.count == 1)
        #expect(router.entries[0].wasOwned)
        #expect(!router.entries[0].isOrphaned, "its owner is alive")
        home = nil
        #expect(weakHome == nil)
        #expect(router.entries[0].owner == nil)
        #expect(router.entries[0].isOrphaned)
    }

    @Test func anEntryShownWithoutAnOwnerIsNeverOrphaned() {
        router.setRoot(FakePresentable("root"), owner: nil)
        router.present(FakePresentable("help"), owner: nil)
        #expect(router.entries.allSatisfy { !$0.wasOwned && !$0.isOrphaned })
        let entry = RouterEntry(FakePresentable("loose"))
        #expect(!entry.wasOwned && !entry.isOrphaned)
    }

    @Test func anEntryMadeWithAnOwnerRemembersIt() {
        var flow: Coordinator? = Coordinator(router: router)
        let entry = RouterEntry(FakePresentable("screen"), owner: flow)
        #expect(entry.wasOwned && !entry.isOrphaned)
        flow = nil
        #expect(entry.isOrphaned)
    }
}
