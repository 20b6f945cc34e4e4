import ShojiNavigation
import ShojiCurses

/// How the host shows a `SplitContainer`: its columns' places, the divider
/// between them, and which column has the keys.
extension NavigationHost {
    /// Takes `split` on: lays it out for the content now, attaches both
    /// columns' stacks and makes its divider. Does nothing the second time.
    func adopt(_ split: SplitContainer) {
        let id = ObjectIdentifier(split)
        guard splitDividers[id]?.split.split !== split else { return }
        split.host = self
        split.layout(width: contentArea(screen.size).width)
        let divider = screen.makePanel { [weak self, weak split] size in
            guard let self, let split else { return CellRect(x: 0, y: 0, width: 1, height: 1) }
            return split.dividerFrame(in: self.contentArea(size))
        }
        divider.draw = { canvas in
            canvas.verticalLine(at: CellPoint(x: 0, y: 0), length: canvas.size.height,
                                style: Theme.resolve(nil, for: canvas).border)
        }
        splitDividers[id] = (WeakSplit(split: split, laidOutSideBySide: split.isSideBySide), divider)
        if let header = split.header as? PanelView { splitHeaders[id] = makeHeaderPanel(header, of: split) }
        pacePreviews(of: split)
        for router in split.routers where router.host !== self { attach(router) }
        updateDivider(of: split)
    }

    /// The panel of a split's header: across the split's width, above its columns.
    private func makeHeaderPanel(_ view: PanelView, of split: SplitContainer) -> TerminalPanel {
        let panel = screen.makePanel { [weak self, weak split] size in
            guard let self, let split else { return CellRect(x: 0, y: 0, width: 1, height: 1) }
            return split.headerFrame(in: self.contentArea(size))
        }
        panel.draw = { [weak view] canvas in view?.drawInPanel(&canvas) }
        view.panel = panel
        return panel
    }

    /// Hands `split`'s previews to the pacer while the host has a clock.
    func pacePreviews(of split: SplitContainer) {
        guard let pacer else {
            split.previewTiming = nil
            return
        }
        // Collapsed, a highlight builds no preview: it runs at once (and does
        // nothing) instead of setting a timer per key for nothing to show.
        split.previewTiming = { [weak pacer, weak split] preview in
            guard let pacer, split?.isSideBySide == true else { return preview() }
            pacer.request(preview)
        }
    }

    /// The split and column whose stack `router` is, if it is one.
    func columnPlacement(of router: any Routing) -> (split: SplitContainer?, column: SplitContainer.Column)? {
        for (_, adopted) in splitDividers {
            guard let split = adopted.split.split else { continue }
            if split.primaryRouter === router { return (split, .primary) }
            if split.secondaryRouter === router { return (split, .secondary) }
        }
        return nil
    }

    /// Before every layout: each split learns the content width, so its
    /// columns' panels ask for frames of the right mode.
    func layOutSplits(in size: CellSize) {
        let width = contentArea(size).width
        splitDividers = splitDividers.filter { $0.value.split.split != nil }
        splitHeaders = splitHeaders.filter { splitDividers[$0.key] != nil }
        for (_, adopted) in splitDividers { adopted.split.split?.layout(width: width) }
    }

    // MARK: SplitContainerHost

    /// Follows the split's mode and focus: the divider, the keys, the chrome.
    public func splitContainerDidChange(_ split: SplitContainer) {
        updateDivider(of: split)
        // Only a change of mode moves the columns: a new preview or the keys
        // changing column leaves every panel where it is.
        let id = ObjectIdentifier(split)
        if splitDividers[id]?.split.laidOutSideBySide != split.isSideBySide {
            splitDividers[id]?.split.laidOutSideBySide = split.isSideBySide
            for router in split.routers {
                for entry in router.entries where entry.style == .push { panel(of: entry)?.relayout() }
            }
        }
        // Columns that came into sight went to the top: a modal over the
        // whole split (help, a sheet of the flow holding it) goes back above them.
        raiseModals(above: split.primaryRouter)
        updateActiveRouter()
        onChange?()
    }

    /// Shows the divider while the columns are side by side, and moves it
    /// only when its place changed: moving or raising a curses panel
    /// touches every line of every panel under it (the panel library marks
    /// whole lines), so doing it on every change of the split made ncurses
    /// compose the whole screen again on every Down beside a preview.
    private func updateDivider(of split: SplitContainer) {
        guard let divider = splitDividers[ObjectIdentifier(split)]?.divider else { return }
        let wasHidden = divider.isHidden
        divider.isHidden = !(split.isSideBySide && split.primaryRouter.isDisplayed)
        // The header shows while either column does (not in a tab out of sight).
        if let header = splitHeaders[ObjectIdentifier(split)] {
            header.isHidden = !(split.primaryRouter.isDisplayed || split.secondaryRouter.isDisplayed)
        }
        guard !divider.isHidden else { return }
        let moved = divider.relayoutIfMoved()
        if wasHidden || moved { divider.raise() }
    }

    /// Mutes the selection of the column without the keys.
    func updateColumnFocus() {
        for (_, adopted) in splitDividers {
            guard let split = adopted.split.split else { continue }
            for router in split.routers {
                let unfocused = split.isSideBySide && router !== split.activeRouter
                for entry in router.entries { (entry.presentable as? PanelView)?.isInUnfocusedColumn = unfocused }
            }
        }
    }

    /// Keeps modals of the stacks that hold `router` above its screens.
    func raiseModals(above router: any Routing) {
        var holders: [any Routing] = [rootRouter]
        if let tabs { holders.append(tabs.selectedRouter) }
        if let split { holders.append(split.router) }
        for holder in holders where holder !== router {
            for entry in holder.visibleEntries where entry.style == .modal { panel(of: entry)?.raise() }
        }
    }
}
