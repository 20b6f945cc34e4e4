import ShojiAppKit
import TopPresenters

/// The monitor's route paths (``TopRoute``): `<pid>` opens that process's
/// detail, `<pid>/children` gives its children pane the keys, and
/// `<pid>/children/<child>/…` drills the pane down to a descendant. The
/// path of where the user is comes from the screens themselves (the
/// detail's pid, the pane's stack while it has the keys).
extension TopCoordinator: RouteResolving {
    /// Checks the path's shape; whether its processes run is checked
    /// against the monitor's reading (``check(_:)``).
    package static func validate(_ path: RoutePath) throws(RouteError) { _ = try TopRoute(path) }

    /// The split stays; once applied, the table selects the process, its
    /// detail opens, and the children pane is drilled as the path says.
    /// Throws, changing nothing, when a process is not running (or not a
    /// child of the one before it).
    package func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
        let route = try TopRoute(path)
        try route.check(in: monitor.snapshot.processes)
        var plan = RoutePlan(keepingRootOf: router)
        plan.afterApplying { [weak self] in self?.show(route) }
        return plan
    }

    /// Opens what `route` names on the screen as it is.
    private func show(_ route: TopRoute) {
        if processes?.select(pid: route.pid) != true { split.highlight(route.pid) }
        split.openDetail(itemID: route.pid)
        guard let detail = split.secondaryRouter.top?.presentable as? ProcessDetailPanelView else { return }
        detail.focusChildren(route.inChildren)
        for pid in route.drilled { drill(into: pid) }
    }
}
