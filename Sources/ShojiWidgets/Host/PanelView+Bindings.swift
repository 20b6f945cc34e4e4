import ShojiCurses

/// A key binding a screen declared, with the condition under which it acts.
@MainActor
struct DeclaredBinding {
    let binding: KeyBinding
    let isActive: (@MainActor () -> Bool)?

    var isActiveNow: Bool { isActive?() ?? true }
}

extension PanelView {
    /// Declares one of the screen's keys, once (in the initialiser): the
    /// footer, the help overlay, the command palette and dispatch all read
    /// these declarations, so there is nothing to rebuild per key and no
    /// `super.bindings` to remember.
    ///
    ///     bind([.character("n")], "new") { [weak self] in self?.presenter.newNote() }
    ///
    /// - Parameters:
    ///   - keys: the keys that run it; the footer names the first.
    ///   - label: what it does, in the footer, help and the palette.
    ///   - footer: false keeps it out of the footer (help still lists it).
    ///   - isActive: asked before offering or running it; while it says
    ///     false the binding neither acts nor shows (a "favourite" key for a
    ///     guest, say). Nil: always active.
    ///   - action: what it does.
    public func bind(_ keys: [TerminalKey], _ label: String, footer: Bool = true,
                     when isActive: (@MainActor () -> Bool)? = nil, action: @escaping @MainActor () -> Void) {
        bind(keys, label, footer: footer, importance: .normal, when: isActive, action: action)
    }

    /// Declares one of the screen's keys, as `bind(_:_:footer:when:action:)`
    /// does, with how much the footer wants to keep it when not every key
    /// fits (`KeyBinding.Importance`): `.high` for the screen's main
    /// actions, `.low` for keys help alone may list on a narrow terminal.
    public func bind(_ keys: [TerminalKey], _ label: String, footer: Bool = true, importance: KeyBinding.Importance,
                     when isActive: (@MainActor () -> Bool)? = nil, action: @escaping @MainActor () -> Void) {
        let binding = KeyBinding(keys, label, footer: footer, importance: importance, action: action)
        declaredBindings.append(DeclaredBinding(binding: binding, isActive: isActive))
        setNeedsDisplay()
    }

    /// Every binding that acts now: the content widget's, then the
    /// screen's declared ones that are active. While a text field has
    /// focus, a declared binding keeps only the keys the field does not take
    /// as text (`n` is a letter then), and one left with none is not
    /// offered. Otherwise a key the screen declares is the screen's: the
    /// widget's binding keeps only its other keys (a list's "up" keeps Up
    /// when the screen binds `k`). The footer, the help overlay and the
    /// palette show these.
    public var bindings: [KeyBinding] {
        let editing = isEditingText
        let own = declaredBindings.compactMap { declared -> KeyBinding? in
            guard declared.isActiveNow else { return nil }
            return editing ? declared.binding.keeping { !TextFieldEditor.isEditingKey($0) } : declared.binding
        }
        guard let content else { return own }
        let widget = content.bindings
        guard !editing, !own.isEmpty else { return widget + own }
        let declared = Set(own.flatMap(\.keys))
        guard widget.contains(where: { $0.keys.contains(where: declared.contains) }) else { return widget + own }
        return widget.compactMap { $0.keeping { !declared.contains($0) } } + own
    }

    /// Runs the first active declared binding with `key`; false when none.
    /// Walks the stored declarations: no array is built per key.
    func dispatchDeclared(_ key: TerminalKey) -> Bool {
        if isEditingText, TextFieldEditor.isEditingKey(key) { return false }
        for declared in declaredBindings where declared.binding.keys.contains(key) && declared.isActiveNow {
            declared.binding.action()
            return true
        }
        return false
    }
}
