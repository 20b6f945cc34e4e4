/// A flow of one screen: it shows `screen` as its router's root and does
/// nothing else. For a tab that only shows a page (an About tab), so the tab
/// needs no coordinator class of its own.
@MainActor
public final class ScreenCoordinator: Coordinator {
    /// Held until `start()` hands it to the router, whose entry owns it then.
    private var screen: (any Presentable)?

    /// A flow that shows `screen` as its router's root.
    public init(router: any Routing, screen: any Presentable) {
        self.screen = screen
        super.init(router: router)
    }

    /// Sets the screen as the root.
    public override func start() {
        guard let screen else { return }
        self.screen = nil
        router.setRoot(screen, owner: self)
    }
}

extension TabContainer.Tab {
    /// A tab that shows one screen on a router of its own.
    public init(title: String, screen: any Presentable) {
        self.init(title: title, coordinator: ScreenCoordinator(router: StackRouter(), screen: screen))
    }
}
