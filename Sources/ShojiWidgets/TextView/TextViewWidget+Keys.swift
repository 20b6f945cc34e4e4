import ShojiCurses

extension TextViewWidget {
    /// The bindings active now: while the search field is open, Enter and
    /// Esc; else the motions, `/` and `?`, `w`, and `n`/`N`/Esc while a
    /// search is active.
    public var bindings: [KeyBinding] {
        if isEditingText { return editingBindings }
        var result = motionBindings + searchBindings
        result.append(wrapBinding)
        if search.query != nil { result += matchBindings }
        return result
    }

    /// Handles `key` (a mouse report included): the wheel scrolls three rows a step.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key {
            switch event.action {
            case .wheelUp: scroll(rows: -Self.wheelStep)
            case .wheelDown: scroll(rows: Self.wheelStep)
            default: return false
            }
            return true
        }
        return isEditingText ? handleSearchKey(key) : bindings.dispatch(key)
    }

    /// Rows a wheel step scrolls.
    static let wheelStep = 3

    /// A key while the field is open: Enter and Esc, editing keys, and
    /// Backspace on an empty field closes it.
    private func handleSearchKey(_ key: TerminalKey) -> Bool {
        switch key {
        case .escape, .enter: return bindings.dispatch(key)
        case .backspace where search.editor.isEmpty: cancelSearch()
        default:
            switch search.editor.handle(key) {
            case .edited, .moved: onNeedsDisplay?()
            case .ignored: return TextFieldEditor.isEditingKey(key)
            }
        }
        return true
    }
}
