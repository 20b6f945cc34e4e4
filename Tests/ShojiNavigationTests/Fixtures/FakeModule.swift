import ShojiNavigation
import ShojiTesting

/// A module wired as every Shoji screen is (the ShojiAppKit article "Adding a screen"): the router's entry owns the
/// view, the view owns its presenter, the presenter holds its view and its
/// route (the coordinator) weakly.
@MainActor
final class FakePresenter {
    weak var view: FakeView?
    weak var output: AnyObject?

    init(route: AnyObject?) {
        self.output = output
    }
}

@MainActor
final class FakeView: Presentable, CustomStringConvertible {
    let presenter: FakePresenter
    let name: String
    let routeComponent: String?
    private let log: EventLog?

    init(_ name: String, route: AnyObject?, routeComponent: String? = nil, log: EventLog? = nil) {
        self.name = name
        self.presenter = FakePresenter(route: route)
        self.routeComponent = routeComponent
        self.log = log
        presenter.view = self
    }

    nonisolated var description: String { name }

    func handle(_ event: LifecycleEvent) {
        log?.record("\(name).\(event)")
    }
}
