/// Watches objects weakly and reports which are still alive, to prove that a
/// popped flow's coordinator, presenter and view were all released.
///
///     let tracker = LeakTracker()
///     tracker.track(detailCoordinator, as: "DetailCoordinator")
///     router.back()
///     #expect(tracker.survivors == [])
public final class LeakTracker {
    private struct Watched {
        weak var object: AnyObject?
        let name: String
    }

    private var watched: [Watched] = []

    /// A tracker watching nothing yet.
    public init() {}

    /// Watches `object` weakly under `name`.
    public func track(_ object: AnyObject, as name: String) {
        watched.append(Watched(object: object, name: name))
    }

    /// Names of tracked objects still alive, in tracking order.
    public var survivors: [String] {
        watched.filter { $0.object != nil }.map(\.name)
    }

    /// Runs `action`, then reports the survivors.
    public func survivors(after action: () -> Void) -> [String] {
        action()
        return survivors
    }
}
