/// What an alert says and offers. Each button answers with a value of the
/// alert's type, so the code that asks gets a typed answer (`Bool` for a
/// confirmation, an enum for "Save / Discard / Cancel"), never a button index.
public struct Alert<Value> {
    /// One button: its title and the value choosing it answers with.
    public struct Button {
        /// What the button says.
        public var title: String
        /// The answer choosing it gives.
        public var value: Value
        /// Esc chooses the cancel button (at most one should be).
        public var isCancel: Bool

        /// A button titled `title` that answers `value`.
        public init(_ title: String, value: Value, isCancel: Bool = false) {
            self.title = title
            self.value = value
            self.isCancel = isCancel
        }
    }

    /// The alert's title, on its border.
    public var title: String
    /// The text inside, wrapped to the alert's width.
    public var message: String
    /// The buttons, left to right; at least one.
    public var buttons: [Button]

    /// An alert; `buttons` must not be empty.
    public init(title: String, message: String, buttons: [Button]) {
        precondition(!buttons.isEmpty, "an alert needs at least one button")
        self.title = title
        self.message = message
        self.buttons = buttons
    }
}

extension Alert where Value == Bool {
    /// A yes/no question: the confirm button answers `true`, the cancel
    /// button (also Esc) `false`.
    public static func confirmation(
        _ title: String, message: String, confirm: String = "OK", cancel: String = "Cancel"
    ) -> Alert<Bool> {
        Alert(title: title, message: message,
              buttons: [Button(confirm, value: true), Button(cancel, value: false, isCancel: true)])
    }
}

extension Alert where Value == Void {
    /// A message with a single OK button (also Esc).
    public static func notice(_ title: String, message: String, button: String = "OK") -> Alert<Void> {
        Alert(title: title, message: message, buttons: [Button(button, value: (), isCancel: true)])
    }
}
