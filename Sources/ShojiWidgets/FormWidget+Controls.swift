import ShojiCurses

/// The controls of a form: a checkbox and a switch (on or off), a radio
/// group and a select (one of their options). Each keeps its value as the
/// field's text ("true"/"false", the option chosen), so `values`,
/// `setText(_:forField:)` and `hasChanges` treat them as any field.
extension FormWidget {
    /// Changes the focused control: a checkbox or a switch flips (whatever
    /// `step`); a radio group or a select goes `step` options on, wrapping.
    public func changeControl(by step: Int) {
        guard case .field(let index) = focus else { return }
        let field = fields[index]
        let current = editors[index].text
        let next: String
        switch field.kind {
        case .text: return
        case .checkbox, .toggle: next = String(current != "true")
        case .radio(let options), .select(let options):
            guard !options.isEmpty else { return }
            let position = options.firstIndex(of: current) ?? 0
            next = options[((position + step) % options.count + options.count) % options.count]
        }
        editors[index].text = next
        needsDisplay()
        onChange?(field.id, next)
    }

    /// What a control shows: `[x]`, `[on ]`, `(•) a  ( ) b`, `‹ a ›`
    /// (ASCII look-alikes without UTF-8: `(*)`, `< a >`).
    static func controlText(_ field: FormField, value: String) -> String {
        let ascii = DisplayText.asciiOnly
        switch field.kind {
        case .text: return value
        case .checkbox: return value == "true" ? "[x]" : "[ ]"
        case .toggle: return value == "true" ? "[on ]" : "[off]"
        case .radio(let options):
            let on = ascii ? "(*) " : "(•) "
            return options.map { ($0 == value ? on : "( ) ") + $0 }.joined(separator: "  ")
        case .select:
            return ascii ? "< \(value) >" : "‹ \(value) ›"
        }
    }

    /// A control on one line, in the focused field's style while it has the focus.
    func drawControl(_ index: Int, on canvas: Canvas, at point: CellPoint, theme: Theme) {
        let showsFocus = focus == .field(index) && isFocused
        let text = Self.controlText(fields[index], value: editors[index].text)
        canvas.text(text, at: point, style: showsFocus ? theme.focusedButton : theme.normal)
    }
}
