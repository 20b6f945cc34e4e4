/// The curses side of a split: lays out its columns and follows its focus.
@MainActor
public protocol SplitContainerHost: AnyObject {
    /// Called after the split's layout, focus or visibility changed, once
    /// its stacks delivered their own events and host notifications. Not
    /// called when only the item a preview shows changed in place (a
    /// ``ReusableItemDetail`` told the next highlight): nothing the host
    /// places or the frame shows depends on it.
    func splitContainerDidChange(_ split: SplitContainer)
}

/// A list and its detail side by side on a wide terminal, collapsed into one
/// stack on a narrow one: what `UISplitViewController` is to UIKit, for the
/// coordinator pattern.
///
/// Two stacks, each a `StackRouter`: the **primary** column (a list, owned by
/// the flow that made the split) and the **secondary** (the detail of what
/// the list chose). The flow declares how to make the detail of an item
/// (``detailForItem``) and says which item the list highlights
/// (``highlight(_:)``, every time it changes, nil when none shows) and which
/// the user opens (``openDetail(itemID:)``); the split shows, replaces and
/// releases the detail itself, whatever the width, building a preview only
/// when it can be seen and never twice for the same item. (A flow that makes
/// its screens otherwise calls ``showDetail(_:owner:onLeave:itemID:)`` and
/// ``previewDetail(_:owner:onLeave:itemID:)`` with them.) The split decides where
/// the detail goes:
///
/// - **Side by side** (the host's content is at least ``minimumSideBySideWidth``
///   columns): both columns show; a preview follows the list's selection;
///   opening an item moves the keys to the detail column. A click moves the
///   keys between the columns; back from the detail column moves them to
///   the list (nothing leaves).
/// - **Collapsed**: one column at a time. An opened detail covers the list, as
///   if pushed on it; back removes it (`didLeave(.back)`, and its flow ends, as
///   a pop would). A preview is kept out of sight until the terminal widens.
///
/// Tab and Shift-Tab (``focusOtherColumn()``, through the host) mean the
/// same at every width: from the list, the keys go to the detail of the
/// highlighted item (beside the list, or covering it); from the detail,
/// back to the list (collapsed, the detail is then kept out of sight, not
/// closed). So what a key does never depends on the terminal's width.
/// These are the rules a layout's panes follow (the split is one use of
/// the widgets' containers): a column is focusable when ``canFocus(_:)``,
/// Tab goes to the next that is, and the widgets' `focusKeys` gives a
/// column a key of its own that reaches it from anywhere
/// (``focusColumn(_:)``). The host places the header, the columns and the
/// divider with the containers' layout code too.
///
/// Crossing the width moves the detail between its column and the stack
/// without anyone leaving: a screen that stops or starts showing gets
/// `willDisappear`/`didDisappear(movingFromParent: false)` or
/// `willAppear`/`didAppear(movingToParent: false)`, once. In each change the
/// detail column's events come first, then the list's.
///
/// A split is shown like a screen: push it (or set it as a root) on a router,
/// owned by the list's flow. When it leaves that router, both its stacks are
/// emptied with the same reason, so every screen in it hears `didLeave`.
///
/// Route paths: the split adds the primary stack's components, then the
/// secondary's while the detail is open (the keys are in its column), so
/// `catalog/<id>` reopens the detail in either mode.
@MainActor
public final class SplitContainer: Presentable {
    /// Which column.
    public enum Column: Hashable, Sendable {
        /// The list.
        case primary
        /// The detail.
        case secondary
    }

    /// The list's stack.
    public let primaryRouter = StackRouter()
    /// The detail's stack.
    public let secondaryRouter = StackRouter()
    /// The narrowest content, in columns, that shows both columns. Setting
    /// it lays the split out again at the width it last had (an app's
    /// "never side by side" is `Int.max`).
    public var minimumSideBySideWidth: Int {
        didSet { if let lastWidth { layout(width: lastWidth) } }
    }
    /// The content width the host last gave.
    private var lastWidth: Int?
    /// The primary column's width, in cells, for a content width.
    public let primaryWidth: @MainActor (Int) -> Int
    /// Whether the columns show side by side (the host sets the width).
    public private(set) var isSideBySide: Bool
    /// The column that gets keys.
    public private(set) var focusedColumn: Column = .primary
    /// How to make the detail of an item: the entry (the screen, the flow
    /// that owns it, already added as a child, and its leave handler) for an
    /// id the flow passed to ``highlight(_:)`` or ``openDetail(itemID:)``;
    /// nil when there is no such item.
    public var detailForItem: (@MainActor (AnyHashable) -> RouterEntry?)?
    /// The item the list highlights, as the flow last said; previewed
    /// beside the list, and as soon as the columns are side by side.
    public internal(set) var highlightedItemID: AnyHashable?
    /// The item the detail column's root shows and the root itself, when
    /// `detailForItem` made it: a highlight of the same item builds nothing.
    var shownItem: (id: AnyHashable, root: ObjectIdentifier)?
    /// What the deprecated `onNeedsDetail` holds: asked for a detail when
    /// the detail column comes on screen empty and no `detailForItem` is set.
    var needsDetail: (() -> Void)?
    /// Told after every change.
    public weak var host: (any SplitContainerHost)?
    /// A screen across the split's whole width, above both columns (a
    /// monitor's meters over its table and the selected process's
    /// detail), or nil. It takes no keys and is in no stack: it draws what
    /// its presenter tells it. The host gives it ``headerHeight`` rows at
    /// every width, collapsed too. Set both before the split is shown.
    public var header: (any Presentable)?
    /// How many rows the header takes (cut to the content's height).
    public var headerHeight = 0
    /// The keys that give each column the keys from anywhere in the split,
    /// as the host's key type erased (the widgets' `focusKeys` sets them).
    package var columnFocusKeys: [Column: AnyHashable] = [:]
    /// When the preview of a new highlight is made: given the preview, it
    /// runs it now or later. A host sets it to pace previews on its clock
    /// (keys that come faster than a person reads, a held Down, make one
    /// preview when the selection rests, not one per key); a preview run
    /// late shows whatever is highlighted then. Nil: at once.
    package var previewTiming: (@MainActor (_ preview: @escaping @MainActor () -> Void) -> Void)?

    private var isShown = false
    private var isPresented = false
    private var isTransitioning = false

    /// A split that shows its columns side by side from
    /// `minimumSideBySideWidth` columns, the list taking `primaryWidth` of
    /// them (by default two fifths, at least 28). Until a host lays it out it
    /// counts as collapsed.
    public init(minimumSideBySideWidth: Int = 120,
                primaryWidth: @escaping @MainActor (Int) -> Int = { max(28, $0 * 2 / 5) }) {
        self.minimumSideBySideWidth = minimumSideBySideWidth
        self.primaryWidth = primaryWidth
        self.isSideBySide = false
        transition {}
        secondaryRouter.onDelivered = { [weak self] in self?.detailStackChanged() }
    }

    /// The detail's stack emptied without the split (its flow ended on its
    /// own, a missing item): the keys and the list come back.
    private func detailStackChanged() {
        guard !isTransitioning, focusedColumn == .secondary, secondaryRouter.entries.isEmpty else { return }
        transition { focusedColumn = .primary }
    }

    /// Whether the detail is open: the keys are in its column and it has a
    /// screen. In a collapsed split that is when it covers the list.
    public var isDetailOpen: Bool { focusedColumn == .secondary && !secondaryRouter.entries.isEmpty }

    /// The router keys go to: the focused column's.
    public var activeRouter: StackRouter { isDetailOpen ? secondaryRouter : primaryRouter }

    /// The routers, primary first.
    public var routers: [StackRouter] { [primaryRouter, secondaryRouter] }

    // MARK: What flows call

    /// Opens `presentable` as the detail: it replaces the detail column's
    /// stack and gets the keys; collapsed, it covers the list.
    /// `itemID` says which item it is the detail of (``detailItemID``), so
    /// a highlight or an open of that item keeps it.
    public func showDetail(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil,
                           itemID: AnyHashable? = nil) {
        transition {
            secondaryRouter.setRoot(presentable, owner: owner, onLeave: onLeave)
            shownItem = itemID.map { ($0, ObjectIdentifier(presentable)) }
            focusedColumn = .secondary
        }
    }

    /// Shows `presentable` in the detail column without moving the keys, when
    /// the columns are side by side (the list's selection moved); collapsed,
    /// nothing is shown and the call returns false (build nothing you do not
    /// have to: check ``isSideBySide`` first).
    /// `itemID` says which item it is the detail of, as in ``showDetail(_:owner:onLeave:itemID:)``.
    @discardableResult
    public func previewDetail(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil,
                              itemID: AnyHashable? = nil) -> Bool {
        guard isSideBySide else { return false }
        transition {
            secondaryRouter.setRoot(presentable, owner: owner, onLeave: onLeave)
            shownItem = itemID.map { ($0, ObjectIdentifier(presentable)) }
        }
        return true
    }

    /// Moves the keys to `column`, at any width: to the detail column when
    /// it has a screen (collapsed, it then covers the list); to the list
    /// (collapsed, the detail is kept out of sight, as a preview is, and
    /// nobody leaves: back is what closes it). False when nothing changed.
    @discardableResult
    public func focus(_ column: Column) -> Bool {
        guard column != focusedColumn else { return false }
        if column == .secondary && secondaryRouter.entries.isEmpty { return false }
        transition { focusedColumn = column }
        return true
    }

    /// The user's back intent, inside the split: back in the focused column's
    /// stack; at the detail's root, side by side, the keys move to the list
    /// (`.focusMoved`); collapsed, the detail leaves (`.popped`). `.atRoot`
    /// at the list's root: the router holding the split pops it.
    public func back() -> BackOutcome {
        let router = activeRouter
        if router.entries.count > 1 { return router.back() }
        guard isDetailOpen, let detail = secondaryRouter.top else { return .atRoot }
        if isSideBySide {
            focus(.primary)
            return .focusMoved
        }
        // A detail that asks first (a form with changes) stays: collapsed,
        // its own Cancel closes it.
        guard case .leave = detail.presentable.decideBack() else { return .vetoed }
        transition {
            secondaryRouter.apply([], reason: .back)
            focusedColumn = .primary
        }
        return .popped
    }

    /// The stack holding the split does not show it (the split is the root
    /// of a tab that is not selected) before it ever appeared: its columns
    /// stay out of sight until its `willAppear`. The host calls this; a
    /// split that is never presented otherwise counts as shown (a split
    /// driven alone, as in tests).
    public func holderHidesIt() {
        guard !isPresented else { return }
        isPresented = true
        transition {}
    }

    /// Whether back does anything inside the split.
    public var canGoBack: Bool { activeRouter.entries.count > 1 || isDetailOpen }

    /// The host's content width changed: shows the columns side by side or
    /// collapses them.
    public func layout(width: Int) {
        lastWidth = width
        let sideBySide = width >= minimumSideBySideWidth
        guard sideBySide != isSideBySide else { return }
        transition {
            isSideBySide = sideBySide
            // Collapsing keeps an open detail open (it covers the list); a
            // focused but empty detail column hands the keys back.
            if secondaryRouter.entries.isEmpty { focusedColumn = .primary }
        }
    }

    // MARK: Presentable

    /// The primary stack's components, then the open detail's.
    public var routeComponents: [String] {
        var components = primaryRouter.entries.flatMap(\.presentable.routeComponents)
        if isDetailOpen { components += secondaryRouter.entries.flatMap(\.presentable.routeComponents) }
        return components
    }

    /// Shows or hides the stacks as the split appears and leaves; empties
    /// them when it leaves.
    public func handle(_ event: LifecycleEvent) {
        switch event {
        case .willAppear:
            isShown = true
            isPresented = true
            transition {}
        case .willDisappear:
            isShown = false
            isPresented = true
            transition {}
        case .didLeave(let reason):
            isShown = false
            isPresented = true
            transition {
                secondaryRouter.apply([], reason: reason)
                primaryRouter.apply([], reason: reason)
            }
        case .layoutChanged:
            for router in routers { router.relayout() }
        case .didAppear, .didDisappear, .lostFocus, .gainedFocus:
            break
        }
    }

    // MARK: Display

    /// Edits the stacks, then shows what the state says, each stack's
    /// events as one transaction: the detail column's first, then the list's.
    func transition(_ body: () -> Void) {
        let wasTransitioning = isTransitioning
        isTransitioning = true
        secondaryRouter.performBatch {
            body()
            secondaryRouter.isDisplayed = secondaryShows
        }
        isTransitioning = wasTransitioning
        primaryRouter.isDisplayed = primaryShows
        host?.splitContainerDidChange(self)
        // Side by side with the keys in the list (it widened, the detail
        // gave the keys back), the detail column shows the highlighted item.
        if detailForItem != nil { previewHighlightedItem() }
        // The deprecated `onNeedsDetail`'s promise (SplitContainer+Deprecated.swift).
        if detailForItem == nil, isSideBySide, secondaryShows, secondaryRouter.entries.isEmpty { needsDetail?() }
    }

    /// Shown at all: while its entry shows, or before it is ever presented (a
    /// split driven on its own, as in tests).
    var isOnScreen: Bool { isShown || !isPresented }
    private var primaryShows: Bool { isOnScreen && (isSideBySide || !isDetailOpen) }
    private var secondaryShows: Bool { isOnScreen && (isSideBySide || isDetailOpen) }
}
