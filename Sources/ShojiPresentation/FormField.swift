/// One labelled field of a form: text typed in (a single line, or with
/// `lines` above 1 a multi-line text area, where Enter is a newline, not
/// submit), or a control (`kind`): a checkbox, a switch, a radio group or
/// a select, whose value is text too ("true"/"false", the option chosen).
public struct FormField: Hashable, Sendable {
    /// What a field is: text typed in, or a control chosen with keys.
    public enum Kind: Hashable, Sendable {
        /// Text typed in.
        case text
        /// `[x]` or `[ ]`; its value is "true" or "false".
        case checkbox
        /// A switch, `[on ]` or `[off]`; its value is "true" or "false".
        case toggle
        /// One of these options, all shown (`(•) a  ( ) b`); its value is the option chosen.
        case radio([String])
        /// One of these options, the chosen one shown (`‹ a ›`); its value is the option chosen.
        case select([String])
    }

    /// The key of the field's text in `FormWidget.values`.
    public var id: String
    /// The label before the field.
    public var label: String
    /// Shown as `•` per character: passwords.
    public var isSecret: Bool
    /// The text it starts with.
    public var initialText: String
    /// The rows it shows: 1 is a single-line field; more is a text area
    /// that wraps its text and scrolls.
    public var lines: Int
    /// Text, or which control.
    public var kind: Kind
    /// The most characters the field holds; nil for the form's default
    /// (1,024 on a single line, 100,000 in a text area). Longer text, typed
    /// or pasted, is cut to it and the form says so in its message.
    public var maximumLength: Int?

    /// A field; `isSecret` masks what is typed (single-line fields only);
    /// `lines` above 1 makes it a multi-line text area. Its text is bounded
    /// by the form's default limit.
    public init(id: String, label: String, isSecret: Bool = false, text: String = "", lines: Int = 1) {
        self.init(id: id, label: label, isSecret: isSecret, text: text, lines: lines, maximumLength: nil)
    }

    /// A field; `isSecret` masks what is typed (single-line fields only);
    /// `lines` above 1 makes it a multi-line text area; `maximumLength`
    /// bounds its text (nil: the form's default).
    public init(id: String, label: String, isSecret: Bool = false, text: String = "", lines: Int = 1,
                maximumLength: Int?) {
        self.id = id
        self.label = label
        self.isSecret = isSecret
        self.initialText = text
        self.lines = max(1, lines)
        self.maximumLength = maximumLength
        kind = .text
    }

    /// A checkbox, on or off to start with.
    public static func checkbox(id: String, label: String, isOn: Bool = false) -> FormField {
        control(.checkbox, id: id, label: label, value: String(isOn))
    }

    /// A switch, on or off to start with.
    public static func toggle(id: String, label: String, isOn: Bool = false) -> FormField {
        control(.toggle, id: id, label: label, value: String(isOn))
    }

    /// A radio group of `options`, `selected` chosen (the first when nil or not among them).
    public static func radio(id: String, label: String, options: [String], selected: String? = nil) -> FormField {
        control(.radio(options), id: id, label: label, value: choice(selected, among: options))
    }

    /// A select of `options`, `selected` chosen (the first when nil or not among them).
    public static func select(id: String, label: String, options: [String], selected: String? = nil) -> FormField {
        control(.select(options), id: id, label: label, value: choice(selected, among: options))
    }

    /// The options of a radio group or a select; empty for other kinds.
    public var options: [String] {
        switch kind {
        case .radio(let options), .select(let options): options
        case .text, .checkbox, .toggle: []
        }
    }

    private static func control(_ kind: Kind, id: String, label: String, value: String) -> FormField {
        var field = FormField(id: id, label: label, text: value)
        field.kind = kind
        return field
    }

    private static func choice(_ selected: String?, among options: [String]) -> String {
        selected.flatMap { options.contains($0) ? $0 : nil } ?? options.first ?? ""
    }
}

/// A message under a form: what went wrong, or that something worked.
public struct FormMessage: Hashable, Sendable {
    /// How a message looks.
    public enum Kind: Hashable, Sendable { case error, success, info }
    /// What the message says.
    public var text: String
    /// How it looks.
    public var kind: Kind
    /// A message, an error by default.
    public init(_ text: String, kind: Kind = .error) {
        self.text = text
        self.kind = kind
    }
}

/// What has focus in a form: a field or a button, by index.
public enum FormFocus: Hashable, Sendable {
    case field(Int)
    case button(Int)
}
