/// One labelled text field of a form: a single line, or with `lines` above 1
/// a multi-line text area (Enter is a newline there, not submit).
public struct FormField: Hashable, Sendable {
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

    /// A field; `isSecret` masks what is typed (single-line fields only);
    /// `lines` above 1 makes it a multi-line text area.
    public init(id: String, label: String, isSecret: Bool = false, text: String = "", lines: Int = 1) {
        self.id = id
        self.label = label
        self.isSecret = isSecret
        self.initialText = text
        self.lines = max(1, lines)
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
