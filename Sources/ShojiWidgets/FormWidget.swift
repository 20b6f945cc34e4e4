import ShojiCurses

/// Labelled text fields and buttons. Tab/Shift-Tab (and Down/Up) move focus
/// through the fields, then the buttons. Enter in a field submits; Enter on a
/// button activates it. Validation is the presenter's: it sets the messages.
///
/// A field with `lines` above 1 is a ``TextAreaWidget``: there Enter is a
/// newline and Up/Down move the cursor, so only Tab/Shift-Tab leave it and
/// the screen offers another key to submit (the note form binds Ctrl-S).
@MainActor
public final class FormWidget: Widget {
    /// The fields, top to bottom.
    public let fields: [FormField]
    /// The buttons' titles, left to right.
    public let buttons: [String]
    /// Called with `values` when Enter is pressed in a field.
    public var onSubmit: (([String: String]) -> Void)?
    /// Called with the button's index when Enter is pressed on it.
    public var onButton: ((Int) -> Void)?
    /// Called with the field's id and new text after each edit.
    public var onChange: ((String, String) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Whether the form has the keys; without them the focused field or
    /// button is drawn like the others and there is no cursor.
    public var isFocused = true { didSet { needsDisplay() } }

    var editors: [TextFieldEditor]
    /// The text areas of multi-line fields, by field index.
    var areas: [Int: TextAreaWidget] = [:]
    /// Where each text area was drawn last, by field index: a click finds its area here.
    var areaFrames: [Int: CellRect] = [:]
    var errors: [String: String] = [:]
    /// The field or button with the focus.
    public private(set) var focus: FormFocus
    /// A line below the buttons: the form-level error or success.
    public var message: FormMessage? { didSet { needsDisplay() } }
    /// Where the terminal cursor goes, in the widget's coordinates, while a
    /// field has focus (set at each draw); the owner copies it to its panel.
    public internal(set) var cursorPosition: CellPoint?

    /// A form of `fields` and `buttons`.
    public init(fields: [FormField], buttons: [String], theme: Theme? = nil) {
        self.fields = fields
        self.buttons = buttons
        self.theme = theme
        editors = fields.map {
            TextFieldEditor(text: $0.lines > 1 ? "" : $0.initialText,
                            maximumLength: $0.maximumLength ?? TextFieldEditor.defaultMaximumLength)
        }
        focus = fields.isEmpty ? .button(0) : .field(0)
        for (index, field) in fields.enumerated() where field.lines > 1 {
            let area = TextAreaWidget(text: field.initialText,
                                      maximumLength: field.maximumLength ?? TextAreaEditor.defaultMaximumLength,
                                      theme: theme)
            area.onChange = { [weak self] text in self?.onChange?(field.id, text) }
            area.onNeedsDisplay = { [weak self] in self?.needsDisplay() }
            // The limit by value: the area keeps this closure, so it must not keep the area.
            let limit = area.editor.maximumLength
            area.onTruncated = { [weak self] in
                self?.message = FormMessage("\(field.label) is full: at most "
                    + "\(limit) characters; the rest was not added")
            }
            areas[index] = area
        }
    }

    /// The text of the field at `index`.
    func text(at index: Int) -> String { areas[index]?.text ?? editors[index].text }

    /// Every field's text by id.
    public var values: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.indices.map { (fields[$0].id, text(at: $0)) })
    }

    /// The text of the field `id` now.
    public func text(ofField id: String) -> String? {
        fields.firstIndex { $0.id == id }.map(text(at:))
    }

    /// The text area of the multi-line field `id`, if it is one.
    public func textArea(ofField id: String) -> TextAreaWidget? {
        fields.firstIndex { $0.id == id }.flatMap { areas[$0] }
    }

    /// Replaces the text of the field `id`.
    public func setText(_ text: String, forField id: String) {
        guard let index = fields.firstIndex(where: { $0.id == id }) else { return }
        if let area = areas[index] { area.text = text } else { editors[index].text = text }
        needsDisplay()
    }

    /// Whether anything differs from the initial text: a back key may ask first.
    public var hasChanges: Bool {
        fields.indices.contains { fields[$0].initialText != text(at: $0) }
    }

    /// True while a text field has focus: every printable key is text
    /// then. A control (a checkbox, a switch, a radio group, a select)
    /// takes no text, so the app's keys still work there.
    public var isEditingText: Bool {
        if case .field(let index) = focus { return fields[index].kind == .text }
        return false
    }

    /// Shows `message` under the field `id`, or removes it when nil.
    public func setError(_ message: String?, forField id: String) {
        errors[id] = message
        needsDisplay()
    }

    /// The error shown under the field `id`, if any.
    public func error(forField id: String) -> String? { errors[id] }

    // MARK: Focus

    /// Fields first, then buttons, in one order.
    private var focusOrder: [FormFocus] {
        fields.indices.map(FormFocus.field) + buttons.indices.map(FormFocus.button)
    }

    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) { isFocused = focused }

    /// Moves the focus to `target`.
    public func setFocus(_ target: FormFocus) {
        guard focusOrder.contains(target) else { return }
        focus = target
        needsDisplay()
    }

    /// Moves focus `step` places along the order, wrapping around.
    public func moveFocus(by step: Int) {
        let order = focusOrder
        guard let current = order.firstIndex(of: focus), !order.isEmpty else { return }
        focus = order[(current + step + order.count) % order.count]
        needsDisplay()
    }

    // MARK: Keys

    /// The bindings active now, for the footer and the help overlay: the
    /// field's or the buttons', each list made once.
    public var bindings: [KeyBinding] {
        if case .field(let index) = focus {
            if let area = areas[index] { return areaBindings + area.bindings }
            return fields[index].kind == .text ? fieldBindings : controlBindings
        }
        return buttonBindings
    }

    private lazy var focusBindings = [
        KeyBinding([.tab, .down], "next", footer: false) { [weak self] in self?.moveFocus(by: 1) },
        KeyBinding([.backTab, .up], "previous", footer: false) { [weak self] in self?.moveFocus(by: -1) },
    ]
    /// In a text area only Tab and Shift-Tab leave: Up/Down and Enter edit.
    private lazy var areaBindings = [
        KeyBinding([.tab], "next", footer: false) { [weak self] in self?.moveFocus(by: 1) },
        KeyBinding([.backTab], "previous", footer: false) { [weak self] in self?.moveFocus(by: -1) },
    ]
    private lazy var fieldBindings = focusBindings + [
        KeyBinding([.enter], "submit") { [weak self] in self?.submit() },
    ]
    /// On a control: space changes it, Left/Right step through its options.
    private lazy var controlBindings = fieldBindings + [
        KeyBinding([.character(" ")], "change") { [weak self] in self?.changeControl(by: 1) },
        KeyBinding([.left], "previous option", footer: false) { [weak self] in self?.changeControl(by: -1) },
        KeyBinding([.right], "next option", footer: false) { [weak self] in self?.changeControl(by: 1) },
    ]
    private lazy var buttonBindings = focusBindings + [
        KeyBinding([.enter], "activate") { [weak self] in
            guard let self, case .button(let index) = focus else { return }
            onButton?(index)
        },
        KeyBinding([.left], "previous button", footer: false) { [weak self] in self?.stepButton(-1) },
        KeyBinding([.right], "next button", footer: false) { [weak self] in self?.stepButton(1) },
    ]

    /// Handles `key`; true when the widget used it.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        if case .field(let index) = focus, let area = areas[index] {
            return areaBindings.dispatch(key) || area.handle(key)
        }
        if bindings.dispatch(key) { return true }
        guard case .field(let index) = focus, fields[index].kind == .text else { return false }
        // A paste is one key: one change reported, one draw, whatever its length.
        let outcome = editors[index].handle(key)
        if let notice = editors[index].notice {
            message = FormMessage("\(fields[index].label): \(notice)")
        }
        switch outcome {
        case .edited:
            needsDisplay()
            onChange?(fields[index].id, editors[index].text)
            return true
        case .moved:
            needsDisplay()
            return true
        case .ignored:
            return TextFieldEditor.isEditingKey(key)
        }
    }

    /// A left press in a text area focuses it and places its cursor there
    /// (where each area was drawn last); other mouse events are not the form's.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.action == .press, event.button == .left,
              let (index, rect) = areaFrames.first(where: { $0.value.contains(event.position) }) else { return false }
        if focus != .field(index) { setFocus(.field(index)) }
        _ = areas[index]?.handle(.mouse(event.relative(to: rect.origin)))
        needsDisplay()
        return true
    }

    /// Reports `values` as if Enter were pressed in a field.
    public func submit() { onSubmit?(values) }

    private func stepButton(_ step: Int) {
        guard case .button(let index) = focus else { return }
        focus = .button(min(max(0, index + step), buttons.count - 1))
        needsDisplay()
    }

    func needsDisplay() { onNeedsDisplay?() }
}
