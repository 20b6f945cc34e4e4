/// Implemented by a coordinator that can build its stack from a route path
/// (deep links, restoration) and say which path its current stack is.
@MainActor
public protocol RouteResolving: AnyObject {
    /// Validates the whole path and builds the stack it names, without showing
    /// anything or attaching any flow. Throws for the first bad step.
    func plan(for path: RoutePath) throws(RouteError) -> RoutePlan

    /// The path of `entries`, or nil when they name no path. The default joins
    /// the entries' `routeComponent`s, skipping entries without one.
    func path(for entries: [RouterEntry]) -> RoutePath?
}

extension RouteResolving {
    public func path(for entries: [RouterEntry]) -> RoutePath? {
        try? RoutePath(components: entries.compactMap(\.presentable.routeComponent))
    }

    /// Plans the path, then applies it to `router` in one transaction. On error
    /// nothing has changed.
    public func open(_ path: RoutePath, on router: any Routing) throws(RouteError) {
        let plan = try plan(for: path)
        plan.apply(to: router)
    }
}
