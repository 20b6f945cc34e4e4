/// The frame around an app's screens: a header with the breadcrumb of the
/// visible stack, the tab bar of the tab container on screen, the footer with
/// the keys that work now, and the app's own keys, tried in a fixed order.
///
/// Key order, for every key, is one `KeyChain`: the top modal (an alert,
/// help, the palette) or the focused screen (its text field, its declared
/// bindings, its content widget's), the screen's focus chain (Tab and
/// Shift-Tab along every pane, a split's columns included, at every width;
/// never the tabs'; the panes' focus keys), back (the host's
/// back keys), then the app's keys (`?` help, Ctrl-P commands, `q` quit,
/// the tabs' number keys and `[` / `]`; F1, Ctrl-P and Ctrl-Q while a
/// screen's text field has focus). The footer, help and the palette list
/// what that same chain offers: nothing a focused text field would take as
/// text, no back at a stack's root, no key an earlier binding takes first.
///
/// `ShojiApp` makes one; a test makes one on a headless screen.
@MainActor
public final class AppFrame {
    /// Shows the routers' stacks as panels between the header and the footer.
    public let host: NavigationHost
    /// The top line; its title is the app's name.
    public let header: HeaderBar
    /// Extra app-wide bindings, tried after the screen's and listed in help
    /// and the command palette (a "refresh", say). Empty by default.
    public var appBindings: [KeyBinding] = [] {
        didSet {
            rebuildFrameBindings()
            refresh()
        }
    }
    /// Asked to quit (`q`): `ShojiApp` saves where the user is, then exits 0.
    public var onQuit: () -> Void = {}

    private let tabBar = TabBar(titles: [])
    private let footer = FooterBar()
    /// The header, tab bar and footer, one panel below the screens.
    let chrome: TerminalPanel
    /// What the chrome was made from last, so a key that changes none of it
    /// (most list movement) neither rebuilds the footer nor redraws the bars.
    private var shownChrome: ChromeInputs?
    private var showsTabBar = false

    /// A frame on `screen` around `rootRouter`'s stack, titled `title` (the app's name), with `backKeys` as back.
    public init(screen: TerminalScreen, rootRouter: any Routing, title: String, backKeys: BackKeys = .standard) {
        header = HeaderBar(title: title)
        host = NavigationHost(screen: screen, router: rootRouter, backKeys: backKeys)
        chrome = screen.makePanel { CellRect(size: $0) }
        // Made after the host's first panels, so lowered below them; re-layout keeps that order.
        chrome.lower()
        chrome.draw = { [weak self] canvas in self?.drawChrome(&canvas) }
        host.contentArea = { [weak self] size in self?.contentArea(in: size) ?? CellRect(size: size) }
        host.onChange = { [weak self] in self?.refresh() }
        tabBar.onSelect = { [weak self] index in self?.host.tabs?.select(index: index) }
        rebuildFrameBindings()
        refresh()
    }

    /// The screen the frame draws on.
    public var screen: TerminalScreen { host.screen }

    /// The tab container whose bar is showing, if any.
    public var tabs: TabContainer? { host.tabs.flatMap { $0.isShown ? $0 : nil } }

    /// Where screens go on a screen of `size`: below the header (and the tab
    /// bar when tabs show), above the footer.
    public func contentArea(in size: CellSize) -> CellRect {
        let top = tabs == nil ? 1 : 2
        return CellRect(x: 0, y: top, width: size.width, height: max(0, size.height - top - 1))
    }

    // MARK: Keys

    /// Handles one key in the frame's order; false when nobody used it. A
    /// mouse event goes to the screen under it in that screen's own
    /// coordinates (the host translates), or to the tab bar.
    @discardableResult
    public func handle(_ key: TerminalKey) -> Bool {
        defer { refresh() }
        if case .mouse(let event) = key { return host.handle(key) || handleChromeMouse(event) }
        return keyChain.dispatch(key)
    }

    /// The key chain now: the host's layers, then the frame's keys. Made per
    /// key from bindings kept between keys.
    public var keyChain: KeyChain { host.keyChain(frame: frameBindings, whileEditing: fieldFrameBindings) }

    /// A click on the tab bar switches tabs.
    private func handleChromeMouse(_ event: MouseEvent) -> Bool {
        guard tabs != nil, event.position.y == 1 else { return false }
        return tabBar.handleMouse(event.relative(to: CellPoint(x: 0, y: 1)))
    }

    /// The keys the frame itself answers, after the screen: help, commands,
    /// quit, the app's extra bindings and the tabs'. Made again only when
    /// the app's bindings or the tabs change, not per key.
    public private(set) var frameBindings: [KeyBinding] = []
    /// The tab titles `frameBindings` was made for.
    private var frameBindingsTabs: [String]?

    /// The frame's keys while a screen's text field has focus, where `?` and
    /// `q` are text: F1 for help, Ctrl-P for the commands and Ctrl-Q to
    /// quit, so a screen that opens in a field (a sign-in form) still shows
    /// its way out in the footer. A modal's field (a sheet's form, the
    /// palette's query) offers its own way out (`KeyChain`).
    private lazy var fieldFrameBindings = [
        KeyBinding([.function(1)], "help", importance: .essential) { [weak self] in self?.showHelp() },
        KeyBinding([.control("p")], "commands", footer: false) { [weak self] in self?.showCommands() },
        KeyBinding([.control("q")], "quit", importance: .essential) { [weak self] in self?.onQuit() },
    ]

    private func rebuildFrameBindings() {
        var bindings = [
            KeyBinding([.character("?")], "help", importance: .essential) { [weak self] in self?.showHelp() },
            KeyBinding([.control("p")], "commands", footer: false) { [weak self] in self?.showCommands() },
            KeyBinding([.character("q")], "quit", importance: .essential) { [weak self] in self?.onQuit() },
        ]
        bindings += appBindings
        if tabs != nil { bindings += tabBar.bindings }
        frameBindings = bindings
        frameBindingsTabs = tabs == nil ? nil : tabBar.titles
    }

    /// Every binding that works now, in dispatch order: the screen's, a
    /// split's focus keys, back, then the frame's, each with only the keys
    /// that reach it (`KeyChain.offered`). Help and the command palette
    /// list these.
    public var activeBindings: [KeyBinding] { keyChain.offered.flatMap(\.bindings) }

    // MARK: Help and commands

    /// Help or the palette is on top: neither opens over the other.
    private var isShowingOwnModal: Bool {
        host.focusedView is HelpPanelView || host.focusedView is CommandPalettePanelView
    }

    /// Shows every binding of the current screen and the app's in a modal:
    /// a section for the screen (none when it has no keys of its own) and
    /// one for the keys that work everywhere (back only off a stack's root).
    /// The sections are read again whenever the overlay is laid out, so a
    /// resize that changes the screen's bindings changes the list (the keys
    /// the help itself takes away stay as they were when it opened). Beside a
    /// split it covers the whole split, presented where the split is.
    public func showHelp() {
        guard !isShowingOwnModal else { return }
        let router = modalRouter
        // The chain below the help, as it is when it opens: the help itself
        // takes the keys (and back) while it shows. Its view's bindings are
        // read again at every layout, so a resize that changes them shows.
        let below = keyChain
        let help = HelpPanelView(sections: { Self.helpSections(of: below) }, onClose: { [weak router] in _ = router?.dismiss() })
        router.present(help, owner: nil)
    }

    /// Help's sections: a section for the screen's keys (none when it has
    /// none of its own), one for those that work everywhere.
    private static func helpSections(of chain: KeyChain) -> [HelpSection] {
        let layers = chain.offered
        let screen = layers.filter { $0.role == .view }.flatMap(\.bindings)
        var sections: [HelpSection] = []
        if !screen.isEmpty { sections.append(HelpSection(chain.view?.title, bindings: screen)) }
        sections.append(HelpSection("Everywhere", bindings: layers.filter { $0.role != .view }.flatMap(\.bindings)))
        return sections
    }

    /// Where the frame presents its own modals: over the whole split when
    /// one shows (on the stack holding it, so no column's keys reach
    /// below), else on the stack the keys go to.
    private var modalRouter: any Routing { host.split?.router ?? host.activeRouter }

    /// Shows the command palette over the active bindings; choosing one
    /// closes the palette, then runs it as if its key had been pressed.
    public func showCommands() {
        guard !isShowingOwnModal else { return }
        let router = modalRouter
        let commands = activeBindings.filter { binding in !binding.keys.contains(.control("p")) }
        let palette = CommandPalettePanelView(bindings: commands, onRun: { [weak self, weak router] binding in
            _ = router?.dismiss()
            binding.action()
            self?.refresh()
        }, onClose: { [weak router] in _ = router?.dismiss() })
        router.present(palette, owner: nil)
    }

    // MARK: Chrome

    /// Brings the header, tab bar and footer up to date with the stacks.
    public func refresh() {
        // The breadcrumb names the screens; modals (alerts, help) are not places.
        header.path = host.breadcrumbViews.map(\.title).filter { !$0.isEmpty }
        tabBar.titles = tabs?.tabs.map(\.title) ?? []
        tabBar.selectedIndex = tabs?.selectedIndex ?? 0
        if frameBindingsTabs != (tabs == nil ? nil : tabBar.titles) { rebuildFrameBindings() }
        // Showing or hiding the tab bar moves the content area.
        if (tabs != nil) != showsTabBar {
            showsTabBar = tabs != nil
            host.relayoutAll()
        }
        let chain = keyChain
        let view = chain.view
        // Help lists what acts below it now (a draw may have changed it).
        (view as? HelpPanelView)?.refreshSections()
        let inputs = ChromeInputs(
            title: header.title, path: header.path, tabTitles: tabs == nil ? nil : tabBar.titles,
            selectedTab: tabBar.selectedIndex, screenBindings: view?.bindings ?? [],
            isEditingText: chain.isEditingText, offersBack: chain.offersBack,
            backKeys: host.backKeys.keys, frameBindings: chain.focusBindings + frameBindings)
        let shown = shownChrome
        if let shown, shown.showsSame(as: inputs) { return }
        shownChrome = inputs
        // The chrome draws only its bars; the screens cover the rest. Redrawing
        // just the bars that changed leaves the other lines untouched for
        // ncurses to compose again (a resize or the tab bar showing redraws
        // it whole).
        var rows: [Int] = []
        if shown.map({ !$0.showsSameHeader(as: inputs) }) ?? true { rows.append(0) }
        if tabs != nil, shown.map({ !$0.showsSameTabs(as: inputs) }) ?? true { rows.append(1) }
        if shown.map({ !$0.showsSameFooter(as: inputs) }) ?? true {
            // The footer names back by its first key only, and not at all when the
            // screen took that key (an alert's Esc cancels, a filter's Esc clears:
            // the screen's own label says what it does); help lists every back key.
            let firstBackKey = host.backKeys.keys.first
            footer.items = chain.offered.flatMap { layer -> [KeyBinding] in
                guard layer.role == .back else { return layer.bindings }
                return layer.bindings.filter { $0.keys.first == firstBackKey }
                    .compactMap { $0.keeping { $0 == firstBackKey } }
            }
            rows.append(chrome.frame.height - 1)
        }
        chrome.setNeedsDisplay(rows: rows)
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
