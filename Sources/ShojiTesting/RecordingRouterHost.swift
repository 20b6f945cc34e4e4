import ShojiNavigation

/// A `RouterHost` that keeps every change it is given, for asserting "one
/// transaction, one notification" and what a curses host would have drawn.
@MainActor
public final class RecordingRouterHost: RouterHost, TabContainerHost {
    public private(set) var changes: [RouterChange] = []
    public private(set) var tabSwitches: [(index: Int, previous: Int)] = []
    private let log: EventLog?

    /// With a log, each notification is also recorded there as `host`, so its
    /// position among lifecycle events can be asserted.
    public init(log: EventLog? = nil) {
        self.log = log
    }

    public func router(_ router: StackRouter, didApply change: RouterChange) {
        changes.append(change)
        log?.record("host")
    }

    public func tabContainer(_ container: TabContainer, didSelect index: Int, previous: Int) {
        tabSwitches.append((index, previous))
        log?.record("host.tab(\(previous)->\(index))")
    }
}
