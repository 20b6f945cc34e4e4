/// Everything a host needs to update its panels after one transaction, so it
/// never has to read the screen to learn what the stack is.
@MainActor
public struct RouterChange {
    /// Entries that joined the stack (create their panels).
    public let added: [RouterEntry]
    /// Entries that left the stack (destroy their panels).
    public let removed: [RouterEntry]
    /// Entries that stayed but lost visibility or focus.
    public let covered: [RouterEntry]
    /// Entries that stayed and regained visibility or focus.
    public let uncovered: [RouterEntry]
    /// The whole stack after the transaction, bottom first.
    public let entries: [RouterEntry]
    /// The entries to draw, bottom first: the last full-screen entry and the
    /// modals above it. Empty while the router is not displayed.
    public let visible: [RouterEntry]
    /// Whether the router is on screen (a deselected tab's router is not).
    public let isDisplayed: Bool

    /// The entry that receives keys.
    public var top: RouterEntry? { entries.last }
}

/// The curses side: shows a router's stack as panels.
@MainActor
public protocol RouterHost: AnyObject {
    /// Called once per transaction, between the `will` and `did` lifecycle
    /// events, so panels change while modules are told "about to" and "done".
    func router(_ router: StackRouter, didApply change: RouterChange)
}
