import ShojiNavigation
import ShojiCurses
import ShojiWidgets

/// The curses frame around the flows: a header with the breadcrumb, the tab
/// bar in the main flow, the footer with the current screen's keys, and the
/// app-level keys (quit, help, tabs) after the screen and back had their turn.
@MainActor
public final class CatalogShell: AppShell, TabContainerHost {
    public let host: NavigationHost
    private let rootRouter: any Routing
    private var tabs: TabContainer?
    private let header = HeaderBar(title: "catalog")
    private let tabBar = TabBar(titles: MainCoordinator.Tab.allCases.map(\.title))
    private let footer = FooterBar()
    private let chrome: TerminalPanel
    /// What the chrome showed last, so a key that changes none of it (most
    /// list movement) does not redraw the bars.
    private var shownChrome: [String] = []
    /// Asked to quit (q): the app saves its path, then ends the loop.
    public var onQuit: () -> Void = {}

    public init(screen: TerminalScreen, rootRouter: any Routing) {
        self.rootRouter = rootRouter
        host = NavigationHost(screen: screen, router: rootRouter)
        chrome = screen.makePanel { CellRect(size: $0) }
        chrome.lower()
        chrome.draw = { [unowned self] canvas in drawChrome(&canvas) }
        host.contentArea = { [unowned self] size in contentArea(in: size) }
        host.onChange = { [weak self] in self?.refreshChrome() }
    }

    private func contentArea(in size: CellSize) -> CellRect {
        let top = tabs == nil ? 1 : 2
        return CellRect(x: 0, y: top, width: size.width, height: max(0, size.height - top - 1))
    }

    // MARK: AppShell

    public func showAuthFlow() {
        tabs = nil
        host.activeRouter = rootRouter
        host.relayoutAll()
        refreshChrome()
    }

    public func showMainFlow(_ container: TabContainer) {
        tabs = container
        container.host = self
        for router in container.routers { host.attach(router) }
        host.activeRouter = container.selectedRouter
        host.relayoutAll()
        refreshChrome()
    }

    public func tabContainer(_ container: TabContainer, didSelect index: Int, previous: Int) {
        host.activeRouter = container.selectedRouter
        refreshChrome()
    }

    // MARK: Keys

    /// CONVENTIONS.md's order: the screen (modal, text field, bindings), back,
    /// then the app's keys.
    public func handle(_ key: TerminalKey) {
        defer { refreshChrome() }
        if host.handle(key) { return }
        if host.focusedView?.isEditingText == true { return }
        _ = appBindings.dispatch(key)
    }

    private var appBindings: [KeyBinding] {
        var bindings = [
            KeyBinding([.character("?")], "help") { [weak self] in self?.showHelp() },
            KeyBinding([.character("q")], "quit") { [weak self] in self?.onQuit() },
        ]
        guard let tabs else { return bindings }
        let count = tabs.tabs.count
        for index in 0..<count {
            bindings.append(KeyBinding([.character(Character("\(index + 1)"))], tabs.tabs[index].title, footer: false) {
                [weak tabs] in tabs?.select(index: index)
            })
        }
        bindings.append(KeyBinding([.tab], "next tab", footer: false) { [weak tabs] in
            guard let tabs else { return }
            tabs.select(index: (tabs.selectedIndex + 1) % count)
        })
        bindings.append(KeyBinding([.backTab], "previous tab", footer: false) { [weak tabs] in
            guard let tabs else { return }
            tabs.select(index: (tabs.selectedIndex + count - 1) % count)
        })
        return bindings
    }

    private func showHelp() {
        guard !(host.focusedView is HelpPanelView) else { return }
        let router = host.activeRouter
        let back = KeyBinding(host.backKeys.keys, "back") {}
        let sections = [
            HelpSection(host.focusedView?.title, bindings: host.focusedView?.bindings ?? []),
            HelpSection("Everywhere", bindings: [back] + appBindings),
        ]
        let help = HelpPanelView(sections: sections) { [weak router] in _ = router?.dismiss() }
        router.present(help, owner: nil)
    }

    // MARK: Chrome

    private func refreshChrome() {
        // The breadcrumb names the screens; modals (alerts, help) are not places.
        let screens = host.activeRouter.entries.filter { $0.style == .push }
        header.path = screens.compactMap { ($0.presentable as? PanelView)?.title }.filter { !$0.isEmpty }
        tabBar.selectedIndex = tabs?.selectedIndex ?? 0
        let screenBindings = host.focusedView?.bindings ?? []
        // At the root back does nothing; and a screen that binds Esc itself
        // (a filter to clear) says what Esc does now.
        let escapeTaken = screenBindings.contains { $0.keys.contains(.escape) }
        let atRoot = host.activeRouter.entries.count <= 1
        // The footer names only the first back key; help lists them all.
        let back = atRoot || escapeTaken ? [] : [KeyBinding(Array(host.backKeys.keys.prefix(1)), "back") {}]
        let items = screenBindings + back + appBindings
        if let view = host.focusedView { view.panel?.cursor = view.cursorPosition }
        let state = header.path + ["\(tabs?.selectedIndex ?? -1)"] + items.map { "\($0.keyNames) \($0.label)" }
        guard state != shownChrome else { return }
        shownChrome = state
        footer.items = items
        chrome.setNeedsDisplay()
    }

    private func drawChrome(_ canvas: inout Canvas) {
        var top = canvas.subcanvas(CellRect(x: 0, y: 0, width: canvas.size.width, height: 1))
        header.draw(&top)
        if tabs != nil {
            var bar = canvas.subcanvas(CellRect(x: 0, y: 1, width: canvas.size.width, height: 1))
            tabBar.draw(&bar)
        }
        var bottom = canvas.subcanvas(CellRect(x: 0, y: canvas.size.height - 1, width: canvas.size.width, height: 1))
        footer.draw(&bottom)
    }
}
