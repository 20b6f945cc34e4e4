/// Implemented by a coordinator that can build its stack from a route path
/// (deep links, restoration) and say which path its current stack is.
///
/// Deep links and restored state are the same thing: a path that the
/// resolver turns into a plan, applied as one batch, so back works from a
/// linked screen exactly as if the user had walked there.
@MainActor
public protocol RouteResolving: AnyObject {
    /// Checks a path without building anything. An app calls it before its
    /// screen starts, so an unknown path fails with the valid forms and
    /// nothing shown. The default accepts every path (`plan(for:)` still checks).
    static func validate(_ path: RoutePath) throws(RouteError)

    /// Validates the whole path and builds the stack it names, without showing
    /// anything or attaching any flow. Throws for the first bad step.
    func plan(for path: RoutePath) throws(RouteError) -> RoutePlan

    /// The path of `entries`, or nil when they name no path. The default joins
    /// the entries' `routeComponents` (a screen's `routeComponent`, a split's
    /// columns'), skipping entries without one.
    func path(for entries: [RouterEntry]) -> RoutePath?

    /// Where the user is now, as a path: what an app saves on quit so that
    /// it can reopen there. The default, for a coordinator, is the path of
    /// its router's entries, or of the selected tab's when a tab container
    /// is on top.
    var currentPath: RoutePath? { get }
}

extension RouteResolving {
    /// Accepts every path (`plan(for:)` still checks).
    public static func validate(_ path: RoutePath) throws(RouteError) {}

    /// Joins the entries' route components.
    public func path(for entries: [RouterEntry]) -> RoutePath? {
        try? RoutePath(components: entries.flatMap(\.presentable.routeComponents))
    }

    /// Plans the path, then applies it to `router` in one transaction. On error
    /// nothing has changed.
    public func open(_ path: RoutePath, on router: any Routing) throws(RouteError) {
        let plan = try plan(for: path)
        plan.apply(to: router)
    }
}

extension RouteResolving where Self: Coordinator {
    /// The path of the visible stack: this flow's router's entries, or, when
    /// its top entry is a tab container, the selected tab's entries (a tabbed
    /// app's root stack holds only the container).
    public var currentPath: RoutePath? {
        if let tabs = router.top?.presentable as? TabContainer { return path(for: tabs.selectedRouter.entries) }
        return path(for: router.entries)
    }

    /// Plans the path, then applies it to this flow's router.
    public func open(_ path: RoutePath) throws(RouteError) {
        try open(path, on: router)
    }
}
