import ShojiNavigation
import ShojiCurses

/// Shows routers' stacks as curses panels and turns keys into intents
/// (where keys go: `NavigationHost+Keys.swift`).
///
/// It learns what to show only from `RouterChange`s (never by reading the
/// screen): an entry gets a panel when it first shows, entries that leave
/// lose it, and the visible ones are shown bottom to top with modals raised
/// above everything. One host can serve several routers (the tabs of a
/// container): a router that is not displayed reports no visible entries,
/// so its panels stay hidden (or unmade, for a tab never selected) but
/// still follow every resize.
///
/// A `TabContainer` shown as an entry of the root router is wired up by the
/// host itself: it attaches every tab's router, sends keys to the selected
/// tab's stack, and follows the container's tab switches. The container
/// needs no code of the app's to be drawn.
///
/// A `SplitContainer` in any displayed stack is wired up the same way: the
/// host tells it the content width before every layout, draws its columns
/// side by side with a divider (or one at a time), sends keys to its focused
/// column, moves the focus on Tab and Shift-Tab (at every width) and on
/// clicks, and lets back from
/// the list's root pop the split itself.
@MainActor
public final class NavigationHost: RouterHost, TabContainerHost, SplitContainerHost {
    /// The screen it draws the panels on.
    public let screen: TerminalScreen
    /// The keys that mean back.
    public var backKeys: BackKeys {
        didSet { backBinding = makeBackBinding() }
    }
    /// Back as a binding of the key chain, made again only when `backKeys` changes.
    private(set) lazy var backBinding = makeBackBinding()
    /// The router the host was made for: the app's root stack.
    public let rootRouter: any Routing
    /// The router keys go to: the selected tab's while a tab container is the
    /// root's top entry, else the root's; inside a split on top of that
    /// stack, its focused column's. Set it only for stacks the host does not
    /// manage itself.
    public var activeRouter: any Routing
    /// The split on top of the active stack, if any, and the router holding
    /// it (back at the list's root pops the split there).
    public private(set) var split: (container: SplitContainer, router: any Routing)?
    /// The tab container shown now (the topmost one in the root's visible
    /// entries), if any.
    public private(set) var tabs: TabContainer?
    /// Called when an entry whose owner was released is still on screen: its
    /// coordinator is gone, so the routes its screen asks for do nothing. The
    /// default stops a debug build; keep the root coordinator alive (the app
    /// kit's `ShojiApp` holds it).
    public var onOrphanedEntry: (RouterEntry) -> Void = { entry in
        assertionFailure("""
            \(type(of: entry.presentable)) is on screen but the coordinator that showed it was released: \
            keep a strong reference to your root coordinator
            """)
    }
    /// Where pushed screens go, for a given screen size (e.g. between header and footer).
    public var contentArea: (CellSize) -> CellRect {
        didSet { relayoutAll() }
    }
    /// Called after every change of a displayed router (e.g. to refresh the
    /// header's breadcrumb and the footer's hints).
    public var onChange: (() -> Void)?

    /// The loop's clock, which paces splits' previews: beside the list, a
    /// highlight that comes less than ``previewRest`` after the last one
    /// (keys faster than a person reads: a held Down) is previewed once the
    /// selection rests, the first at once (`SplitContainer.previewTiming`).
    /// `ShojiApp` sets it; nil (a host on its own, the screen harness)
    /// previews every highlight at once.
    public var clock: (any LoopClock)? {
        didSet { pacer = clock.map { PreviewPacer(clock: $0, rest: previewRest) } }
    }
    /// How long the selection must stay on an item for the preview to
    /// follow it while keys keep coming: 50 ms, above the 25-40 ms between
    /// a held key's repeats and below what a person notices.
    public var previewRest: Duration = .milliseconds(50) {
        didSet { pacer?.rest = previewRest }
    }
    /// Paces previews while `clock` is set.
    var pacer: PreviewPacer? {
        didSet {
            for (_, adopted) in splitDividers { adopted.split.split.map(pacePreviews(of:)) }
        }
    }

    /// Each entry's panel, with the view it was made for: an entry id is an
    /// object address, which a new view can reuse once the old one is gone.
    private var panels: [ObjectIdentifier: (panel: TerminalPanel, view: WeakView)] = [:]
    /// The splits the host has adopted, with the divider drawn between their columns.
    var splitDividers: [ObjectIdentifier: (split: WeakSplit, divider: TerminalPanel)] = [:]
    /// The panels of the adopted splits' headers, by split.
    var splitHeaders: [ObjectIdentifier: TerminalPanel] = [:]

    /// Tab's two labels beside a split (to the detail, to the list), made once.
    lazy var columnBindings: (toDetail: KeyBinding, toList: KeyBinding) = (
        KeyBinding([.tab, .backTab], "detail") { [weak self] in self?.moveAlongChain(by: 1) },
        KeyBinding([.tab, .backTab], "list") { [weak self] in self?.moveAlongChain(by: 1) }
    )
    /// Tab and Shift-Tab along a focus chain of more than a split's two
    /// columns, made once.
    lazy var paneBindings: [KeyBinding] = [
        KeyBinding([.tab], "next pane") { [weak self] in self?.moveAlongChain(by: 1) },
        KeyBinding([.backTab], "previous pane") { [weak self] in self?.moveAlongChain(by: -1) },
    ]
    /// The layouts' pane focus keys' bindings, and the panes they were made for.
    var madePaneFocusKeys: (signature: [FocusKeySignature], bindings: [KeyBinding])?

    /// The split's column focus keys' bindings, and the keys they were made for.
    var madeColumnFocusKeys: (split: ObjectIdentifier, keys: [SplitContainer.Column: TerminalKey], bindings: [KeyBinding])?

    struct WeakSplit {
        weak var split: SplitContainer?
        /// The mode its columns were last laid out for.
        var laidOutSideBySide: Bool?
    }

    private struct WeakView {
        weak var view: PanelView?
    }

    /// A host that shows `router`'s stack (and its tabs') on `screen`.
    public init(screen: TerminalScreen, router: any Routing, backKeys: BackKeys = .standard,
                contentArea: @escaping (CellSize) -> CellRect = { CellRect(size: $0) }) {
        self.screen = screen
        self.rootRouter = router
        self.activeRouter = router
        self.backKeys = backKeys
        self.contentArea = contentArea
        attach(router)
        screen.willLayoutPanels = { [weak self] size in self?.layOutSplits(in: size) }
        // Only the view with the keys shows its cursor, wherever its panel sits.
        screen.cursorPanel = { [weak self] in self?.focusedView?.panel }
    }

    private func makeBackBinding() -> KeyBinding {
        KeyBinding(backKeys.keys, "back", importance: .high) { [weak self] in _ = self?.back() }
    }

    /// Starts showing `router`'s stack (the host is its `host` from now on).
    public func attach(_ router: any Routing) {
        router.host = self
        show(router.entries, visible: router.visibleEntries, of: router)
    }

    /// The screens whose titles make the breadcrumb: the active stack's
    /// pushed screens, a split's list and (while it is open) its detail in its place.
    public var breadcrumbViews: [PanelView] {
        let stack = split?.router ?? activeRouter
        return stack.entries.filter { $0.style == .push }.flatMap { entry -> [PanelView] in
            guard let container = entry.presentable as? SplitContainer else {
                return [entry.presentable as? PanelView].compactMap { $0 }
            }
            // A preview beside the list is not where the user is; an open detail is.
            let detail = container.isDetailOpen ? container.secondaryRouter.entries : []
            return (container.primaryRouter.entries + detail).filter { $0.style == .push }
                .compactMap { $0.presentable as? PanelView }
        }
    }

    // MARK: RouterHost

    /// Mirrors the router's change as panels: made, shown, hidden, dropped.
    public func router(_ router: StackRouter, didApply change: RouterChange) {
        for entry in change.removed { dropPanel(for: entry) }
        panels = panels.filter { $0.value.view.view != nil }
        show(change.entries, visible: change.visible, of: router)
        if router === rootRouter {
            adoptTabs(from: change.visible)
        } else {
            // A tab's or a column's stack changed under modals of the stacks
            // holding it: they stay on top.
            raiseModals(above: router)
        }
        updateActiveRouter()
        for entry in change.visible where entry.isOrphaned { onOrphanedEntry(entry) }
        onChange?()
    }

    // MARK: Tabs

    /// Hides the old tab's stack and shows the new one's.
    public func tabContainer(_ container: TabContainer, didSelect index: Int, previous: Int) {
        updateActiveRouter()
        onChange?()
    }

    /// Shows the tab container among the root's visible entries, if any.
    private func adoptTabs(from visible: [RouterEntry]) {
        let shown = visible.last { $0.style == .push }?.presentable as? TabContainer
        guard shown !== tabs else { return }
        tabs = shown
        if let shown {
            shown.host = self
            for router in shown.routers where router.host !== self { attach(router) }
        } else {
            activeRouter = rootRouter
        }
    }

    /// While a container is shown, keys go to its selected tab unless a modal
    /// of the root's is above it; a split on top of that stack hands them to
    /// its focused column.
    func updateActiveRouter() {
        var router = rootRouter
        if let tabs, rootRouter.top?.presentable === tabs { router = tabs.selectedRouter }
        if let container = router.top?.presentable as? SplitContainer {
            split = (container, router)
            router = container.activeRouter
        } else {
            split = nil
        }
        if router !== activeRouter { activeRouter = router }
        updateColumnFocus()
    }

    private func show(_ entries: [RouterEntry], visible: [RouterEntry], of router: any Routing) {
        let visibleIDs = Set(visible.map(\.id))
        for entry in entries {
            if let container = entry.presentable as? SplitContainer {
                adopt(container)
                // A split in a stack that does not show it (a tab not selected) hides its columns.
                if !visibleIDs.contains(entry.id) { container.holderHidesIt() }
            }
            guard let view = entry.presentable as? PanelView else { continue }
            let known = panels[entry.id].flatMap { $0.view.view === view ? $0.panel : nil }
            let isVisible = visibleIDs.contains(entry.id)
            // A screen never shown yet (a tab not selected, a screen under a
            // deep link's) gets its panel when it first shows: a panel's
            // window is about 28 bytes a cell, 47 KiB for a body at 80x24,
            // in every served session.
            guard known != nil || isVisible else { continue }
            let panel = known ?? makePanel(for: entry, view: view, in: router)
            panel.isHidden = !isVisible
        }
        for entry in visible { panels[entry.id]?.panel.raise() }
    }

    private func makePanel(for entry: RouterEntry, view: PanelView, in router: any Routing) -> TerminalPanel {
        let isModal = entry.style == .modal
        // Before the panel is made: its first layout already frames a modal.
        view.isPresentedModally = isModal
        // A screen of a split's column takes the column's place; a modal is
        // centred on the whole content area wherever it was presented.
        let column = isModal ? nil : columnPlacement(of: router)
        // The split weakly: it owns (through its routers) the view that owns
        // this panel, and a strong capture kept a side-by-side split, its
        // screens and the screen itself alive for good.
        let panel = screen.makePanel { [weak self, weak view, weak split = column?.split, side = column?.column] size in
            let content = self?.contentArea(size) ?? CellRect(size: size)
            let area = split.flatMap { split in side.map { split.frame(of: $0, in: content) } } ?? content
            guard isModal, let view else { return area }
            // Modals too stay within the content area: a tall one (help, the
            // palette) must not cover the footer that says how to close it.
            return area.centered(view.modalPanelSize(in: area.size))
        }
        panel.draw = { [weak view] canvas in view?.drawInPanel(&canvas) }
        view.panel = panel
        // A preview beside the list is in no breadcrumb and has no keys: its
        // title (a new item per Down) changes nothing the frame shows.
        view.onTitleChange = { [weak self, weak split = column?.split, side = column?.column] in
            if let split, side == .secondary, !split.isDetailOpen { return }
            self?.onChange?()
        }
        panels[entry.id] = (panel, WeakView(view: view))
        return panel
    }

    private func dropPanel(for entry: RouterEntry) {
        guard let (panel, _) = panels.removeValue(forKey: entry.id) else { return }
        panel.isHidden = true
        (entry.presentable as? PanelView)?.panel = nil
    }

    /// The panel of `entry`, if it has one.
    func panel(of entry: RouterEntry) -> TerminalPanel? { panels[entry.id]?.panel }

    // MARK: Resize

    /// Re-lays out every panel of every router, visible or not.
    public func relayoutAll() {
        screen.relayoutPanels()
    }
}
