import ShojiNavigation

/// A `RouterHost` that keeps every change it is given, for asserting "one
/// transaction, one notification" and what a curses host would have drawn.
@MainActor
public final class RecordingRouterHost: RouterHost, TabContainerHost {
    /// Every change the router announced, in order.
    public private(set) var changes: [RouterChange] = []
    /// Every tab switch, as the new and the previous index.
    public private(set) var tabSwitches: [(index: Int, previous: Int)] = []
    private let log: EventLog?

    /// With a log, each notification is also recorded there as `host`, so its
    /// position among lifecycle events can be asserted.
    public init(log: EventLog? = nil) {
        self.log = log
    }

    /// Keeps `change` (and logs `host`).
    public func router(_ router: StackRouter, didApply change: RouterChange) {
        changes.append(change)
        log?.record("host")
    }

    /// Keeps the switch (and logs it).
    public func tabContainer(_ container: TabContainer, didSelect index: Int, previous: Int) {
        tabSwitches.append((index, previous))
        log?.record("host.tab(\(previous)->\(index))")
    }
}
