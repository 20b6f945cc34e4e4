/// The route paths of an app in tabs, declared in a few lines: `<tab>`
/// selects a tab with its root (a list, say) kept as it is, and
/// `<tab>/<item>` also pushes that item's screen above it, as if the user
/// had walked there.
///
/// ```swift
/// static let routes = TabRoutes([
///     .tab("chores", index: 0, item: "<id>") { Int($0) != nil },
///     .tab("settings", index: 1),
/// ])
///
/// static func validate(_ path: RoutePath) throws(RouteError) { try routes.validate(path) }
///
/// func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
///     try Self.routes.plan(for: path, in: tabs) { item, plan throws(RouteError) in
///         guard let chore = store.chore(id: item.component) else { throw item.unreachable("no such chore") }
///         let detail = ChoreCoordinator(router: item.tab.router, chore: chore)
///         plan.adopt(detail, by: item.tab.coordinator)
///         plan.push(detail.makeModule(), owner: detail)
///     }
/// }
/// ```
///
/// What the app saves on quit (`currentPath`) joins the selected tab's
/// route components, so each tab's root screen gives its tab's name as its
/// `routeComponent` and each item screen its item's.
public struct TabRoutes: Sendable {
    /// One tab's paths: its name, and the form of its items if it has any.
    public struct Route: Sendable {
        /// The first component of the path (`chores`).
        public let name: String
        /// The tab's index in the container.
        public let index: Int
        /// How the item component reads in the valid forms (`<id>`), or nil
        /// when the tab has no items.
        public let itemForm: String?
        /// Whether a component can name an item (checked before the screen
        /// starts; the plan finds out whether the item exists).
        let acceptsItem: @Sendable (String) -> Bool

        /// `name` selects tab `index`; no items.
        public static func tab(_ name: String, index: Int) -> Route {
            Route(name: name, index: index, itemForm: nil) { _ in false }
        }

        /// `name` selects tab `index`; `name/<item>` also opens an item,
        /// written `form` in the valid forms, whose component `accepts`
        /// (any by default).
        public static func tab(_ name: String, index: Int, item form: String = "<id>",
                               accepts: @escaping @Sendable (String) -> Bool = { _ in true }) -> Route {
            Route(name: name, index: index, itemForm: form, acceptsItem: accepts)
        }
    }

    /// The item a path names, for the app to plan above its tab's root.
    @MainActor
    public struct Item {
        /// The item's component of the path (`3` in `chores/3`).
        public let component: String
        /// The route of its tab (`chores`).
        public let route: Route
        /// The tab it opens in: its coordinator adopts the item's flow, its
        /// router shows it.
        public let tab: TabContainer.Tab
        /// The valid forms, for errors.
        let validForms: [String]

        /// The error for an item that is well formed but cannot be opened
        /// (gone, say): `reason` and the valid forms.
        public func unreachable(_ reason: String) -> RouteError {
            .unreachable(step: 1, component: component, reason: reason, validForms: validForms)
        }
    }

    /// The routes, in the order the valid forms list them.
    public let routes: [Route]

    /// Routes for the tabs `routes` name.
    public init(_ routes: [Route]) {
        self.routes = routes
    }

    /// Every path form, for messages and help: `chores`, `chores/<id>`, `settings`.
    public var validForms: [String] {
        routes.flatMap { route in [route.name] + (route.itemForm.map { ["\(route.name)/\($0)"] } ?? []) }
    }

    /// The route `path` names and its item component, if any; throws for
    /// the first step that names nothing, with the valid forms.
    public func match(_ path: RoutePath) throws(RouteError) -> (route: Route, item: String?) {
        guard let route = routes.first(where: { $0.name == path.first }) else {
            throw .unknownStep(step: 0, component: path.first, validForms: validForms)
        }
        guard let item = path[1] else { return (route, nil) }
        guard route.itemForm != nil, route.acceptsItem(item) else {
            throw .unknownStep(step: 1, component: item, validForms: validForms)
        }
        if let extra = path[2] { throw .unknownStep(step: 2, component: extra, validForms: validForms) }
        return (route, item)
    }

    /// Checks `path` without building anything (a `RouteResolving`'s `validate`).
    public func validate(_ path: RoutePath) throws(RouteError) {
        _ = try match(path)
    }

    /// The plan for `path` in `tabs`: the named tab's stack back to its
    /// root, `planItem` called to push the item above it when the path
    /// names one, and the tab selected once applied. Throws for a path that
    /// names nothing, or when `tabs` is nil (not started yet).
    @MainActor
    public func plan(
        for path: RoutePath, in tabs: TabContainer?,
        item planItem: (Item, inout RoutePlan) throws(RouteError) -> Void = { item, _ throws(RouteError) in
            throw item.unreachable("this tab opens no items")
        }
    ) throws(RouteError) -> RoutePlan {
        let (route, component) = try match(path)
        guard let tabs, tabs.tabs.indices.contains(route.index) else {
            throw .unreachable(step: 0, component: route.name, reason: "the tabs are not shown", validForms: validForms)
        }
        let tab = tabs.tabs[route.index]
        var stack = RoutePlan(keepingRootOf: tab.router)
        if let component {
            try planItem(Item(component: component, route: route, tab: tab, validForms: validForms), &stack)
        }
        var plan = RoutePlan()
        plan.stack(stack, on: tab.router)
        plan.afterApplying { [weak tabs] in tabs?.select(index: route.index) }
        return plan
    }
}
