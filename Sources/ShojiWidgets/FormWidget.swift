import ShojiCurses

/// Labelled text fields and buttons. Tab/Shift-Tab (and Down/Up) move focus
/// through the fields, then the buttons. Enter in a field submits; Enter on a
/// button activates it. Validation is the presenter's: it sets the messages.
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
        editors = fields.map { TextFieldEditor(text: $0.initialText) }
        focus = fields.isEmpty ? .button(0) : .field(0)
    }

    /// Every field's text by id.
    public var values: [String: String] {
        Dictionary(uniqueKeysWithValues: zip(fields.map(\.id), editors.map(\.text)))
    }

    /// The text of the field `id` now.
    public func text(ofField id: String) -> String? {
        fields.firstIndex { $0.id == id }.map { editors[$0].text }
    }

    /// Replaces the text of the field `id`.
    public func setText(_ text: String, forField id: String) {
        guard let index = fields.firstIndex(where: { $0.id == id }) else { return }
        editors[index].text = text
        needsDisplay()
    }

    /// Whether anything differs from the initial text: a back key may ask first.
    public var hasChanges: Bool {
        zip(fields, editors).contains { $0.initialText != $1.text }
    }

    /// True while a field has focus: every printable key is text then.
    public var isEditingText: Bool {
        if case .field = focus { return true }
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
        if case .field = focus { return fieldBindings }
        return buttonBindings
    }

    private lazy var focusBindings = [
        KeyBinding([.tab, .down], "next", footer: false) { [weak self] in self?.moveFocus(by: 1) },
        KeyBinding([.backTab, .up], "previous", footer: false) { [weak self] in self?.moveFocus(by: -1) },
    ]
    private lazy var fieldBindings = focusBindings + [
        KeyBinding([.enter], "submit") { [weak self] in self?.submit() },
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
        if bindings.dispatch(key) { return true }
        guard case .field(let index) = focus else { return false }
        switch editors[index].handle(key) {
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

    /// Reports `values` as if Enter were pressed in a field.
    public func submit() { onSubmit?(values) }

    private func stepButton(_ step: Int) {
        guard case .button(let index) = focus else { return }
        focus = .button(min(max(0, index + step), buttons.count - 1))
        needsDisplay()
    }

    func needsDisplay() { onNeedsDisplay?() }
}
