/// One labelled single-line text field of a form.
public struct FormField: Hashable, Sendable {
    /// The key of the field's text in `FormWidget.values`.
    public var id: String
    public var label: String
    /// Shown as `•` per character: passwords.
    public var isSecret: Bool
    public var initialText: String

    public init(id: String, label: String, isSecret: Bool = false, text: String = "") {
        self.id = id
        self.label = label
        self.isSecret = isSecret
        self.initialText = text
    }
}

/// A message under a form: what went wrong, or that something worked.
public struct FormMessage: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case error, success, info }
    public var text: String
    public var kind: Kind
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
