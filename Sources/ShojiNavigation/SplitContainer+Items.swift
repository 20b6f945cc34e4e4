extension SplitContainer {
    /// The list highlights `itemID` now (nil: no row shows). Side by side,
    /// with the keys in the list, the detail column previews it: made by
    /// ``detailForItem`` unless it already shows that item, emptied (its
    /// flow released) for nil. Collapsed, nothing is built until the
    /// terminal widens. An open detail (the keys in its column) stays.
    ///
    /// With `previewTiming` set, the preview of an item is handed to it
    /// to make now or once the selection rests; nothing highlighted empties
    /// the column at once.
    public func highlight(_ itemID: AnyHashable?) {
        highlightedItemID = itemID
        guard let previewTiming, itemID != nil else {
            previewHighlightedItem()
            return
        }
        previewTiming { [weak self] in self?.previewHighlightedItem() }
    }

    /// Opens the detail of `itemID`, made by ``detailForItem``: beside the
    /// list it gets the keys (a preview of the same item is kept, not made
    /// again); collapsed it covers the list. False when there is no such item.
    @discardableResult
    public func openDetail(itemID: AnyHashable) -> Bool {
        // A preview not caught up yet (its timing waits for the selection to
        // rest) shows the item in place rather than being made again.
        if showsItem(itemID)
            || (focusedColumn == .primary && itemID == highlightedItemID && reuseDetail(for: itemID)) {
            focus(.secondary)
            return true
        }
        guard let entry = detailForItem?(itemID) else { return false }
        showDetail(entry.presentable, owner: entry.owner, onLeave: entry.onLeave, itemID: itemID)
        return true
    }

    /// The column Tab and Shift-Tab move the keys to, at any width: from the
    /// list, the detail (of the highlighted item, when the split makes
    /// details, else the screen its column has); from the detail, the list.
    /// Nil when there is nowhere to go (nothing highlighted, no detail).
    ///
    /// The columns are two panes in `PaneCycle`, the rule a layout's panes
    /// follow: the list can always take the keys, the detail when it can
    /// be shown (``canFocus(_:)``).
    public var otherColumn: Column? {
        let columns: [Column] = [.primary, .secondary]
        let focused = columns.firstIndex(of: focusedColumn) ?? 0
        return PaneCycle.next(from: focused, by: 1, count: columns.count, focused: focused) { canFocus(columns[$0]) }
            .map { columns[$0] }
    }

    /// Whether `column` can take the keys now: the list always; the detail
    /// when it has the keys, or when there is one to show (the highlighted
    /// item's, when the split makes details, else the screen its column has).
    public func canFocus(_ column: Column) -> Bool {
        guard column == .secondary, focusedColumn != .secondary else { return true }
        if detailForItem != nil { return highlightedItemID != nil }
        return !secondaryRouter.entries.isEmpty
    }

    /// Gives `column` the keys the way Tab does: the detail opens the
    /// highlighted item's when the split makes details. False when it has
    /// them already or cannot take them.
    @discardableResult
    public func focusColumn(_ column: Column) -> Bool {
        guard column != focusedColumn, canFocus(column) else { return false }
        return focusOtherColumn()
    }

    /// Tab's and Shift-Tab's move: the keys to ``otherColumn``, opening the
    /// highlighted item's detail if it is not made yet. False when there is
    /// nowhere to go.
    @discardableResult
    public func focusOtherColumn() -> Bool {
        switch otherColumn {
        case .primary?: return focus(.primary)
        case .secondary?:
            if detailForItem != nil, let itemID = highlightedItemID { return openDetail(itemID: itemID) }
            return focus(.secondary)
        case nil: return false
        }
    }

    /// The item the detail column shows, when it was made for one (by
    /// ``detailForItem``, or shown with an `itemID`); nil otherwise.
    public var detailItemID: AnyHashable? {
        guard let shownItem, showsItem(shownItem.id) else { return nil }
        return shownItem.id
    }

    /// Whether the detail column's root is the one made for `itemID`.
    func showsItem(_ itemID: AnyHashable) -> Bool {
        guard let shownItem, shownItem.id == itemID, let root = secondaryRouter.entries.first else { return false }
        return ObjectIdentifier(root.presentable) == shownItem.root
    }

    /// Brings the detail column in line with the highlighted item while the
    /// list has the keys: nothing highlighted releases the preview at once
    /// (even one kept out of sight while collapsed, so widening never brings
    /// back a hidden item's); an item is made only beside the list.
    func previewHighlightedItem() {
        // Covered or gone, nothing is made: it catches up when shown again.
        guard isOnScreen, focusedColumn == .primary else { return }
        guard let itemID = highlightedItemID else {
            if !secondaryRouter.entries.isEmpty { previewNothing() }
            return
        }
        guard isSideBySide, !showsItem(itemID) else { return }
        if reuseDetail(for: itemID) { return }
        guard let entry = detailForItem?(itemID) else {
            previewNothing()
            return
        }
        previewDetail(entry.presentable, owner: entry.owner, onLeave: entry.onLeave, itemID: itemID)
    }

    /// Asks the preview on screen, made for another item, to show `itemID`
    /// in place (a ``ReusableItemDetail`` alone on its stack); true when it did.
    private func reuseDetail(for itemID: AnyHashable) -> Bool {
        guard let shownItem, secondaryRouter.entries.count == 1, let root = secondaryRouter.entries.first,
              ObjectIdentifier(root.presentable) == shownItem.root,
              let detail = root.presentable as? any ReusableItemDetail, detail.showItem(itemID)
        else { return false }
        // Only what the preview shows changed: not the columns, the focus or
        // the keys, and the preview is in no breadcrumb, so the host is not
        // told (it would lay out its divider and refresh the frame per key).
        self.shownItem = (itemID, shownItem.root)
        return true
    }

    /// Empties the detail column: what it showed is no longer highlighted.
    private func previewNothing() {
        shownItem = nil
        guard !secondaryRouter.entries.isEmpty else { return }
        transition { secondaryRouter.apply([], reason: .replaced) }
    }
}
