import ShojiCurses

extension LogWidget {
    /// The bindings active now: while the search field is open, Enter and
    /// Esc; else the motions, `/`, End to follow again when scrolled up,
    /// and `n`/`N`/Esc while a search is active.
    public var bindings: [KeyBinding] {
        if isEditingText { return editingBindings }
        var result: [KeyBinding] = []
        if !isFollowing { result.append(followBinding) }
        result += motionBindings
        result.append(searchBinding)
        if search.query != nil { result += matchBindings }
        return result
    }

    /// Handles `key` (a mouse report included): the wheel scrolls three lines a step.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key {
            switch event.action {
            case .wheelUp: show(top: firstVisibleLine - Self.wheelStep)
            case .wheelDown: show(top: firstVisibleLine + Self.wheelStep)
            default: return false
            }
            return true
        }
        return isEditingText ? handleSearchKey(key) : bindings.dispatch(key)
    }

    /// Lines a wheel step scrolls.
    static let wheelStep = 3

    private func handleSearchKey(_ key: TerminalKey) -> Bool {
        switch key {
        case .escape, .enter: return bindings.dispatch(key)
        case .backspace where search.editor.isEmpty: clearSearch()
        default:
            switch search.editor.handle(key) {
            case .edited, .moved: redrawAll()
            case .ignored: return TextFieldEditor.isEditingKey(key)
            }
        }
        return true
    }

    // MARK: Search

    /// Opens the search field (with the last query, to edit it).
    public func openSearch() {
        isEditingText = true
        search.notFound = nil
        redrawAll()
    }

    /// Closes the field and searches for its text.
    func finishSearch() {
        isEditingText = false
        cursorPosition = nil
        search(for: search.editor.text)
    }

    /// Shows the newest line at or above the bottom of the view that
    /// contains `text` (ignoring case); an empty text clears the search.
    public func search(for text: String) {
        search.editor.text = text
        search.current = nil
        search.query = text.isEmpty ? nil : TextQuery(text)
        findMatch(step: -1)
    }

    /// Shows the next match older (`step` -1, `n`) or newer (+1, `N`)
    /// than the one shown; the first goes up from the view's bottom line.
    public func findMatch(step: Int) {
        guard let query = search.query else { return redrawAll() }
        let step = step < 0 ? -1 : 1
        var index = search.current.map { $0 - dropped + step }
            ?? min(lines.count - 1, firstVisibleLine + max(1, pageHeight) - 1)
        while index >= 0, index < lines.count {
            if query.matches(lines.line(index)) {
                reveal(index)
                return
            }
            index += step
        }
        search.notFound = query.text
        redrawAll()
    }

    /// Makes line `index` the match shown, scrolling only if it is off the page.
    private func reveal(_ index: Int) {
        search.current = dropped + index
        search.notFound = nil
        let target = ScrollOffset.keeping(index, visible: max(1, pageHeight), count: lines.count,
                                          current: firstVisibleLine)
        if target != firstVisibleLine {
            top = target
            isFollowing = target >= maxTop
            if isFollowing { newLineCount = 0 }
        }
        redrawAll()
    }

    /// Closes the field and forgets the search.
    public func clearSearch() {
        isEditingText = false
        cursorPosition = nil
        search = LogSearch()
        redrawAll()
    }
}
