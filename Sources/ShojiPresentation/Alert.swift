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
    /// The button that has the focus when the alert opens, so Enter at once
    /// chooses it: the first by default, the cancel button of a destructive
    /// confirmation.
    public var initialFocus = 0

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
    /// button (also Esc) `false`. A `destructive` one (delete, discard)
    /// opens with the focus on the cancel button, so a hurried Enter loses
    /// nothing.
    public static func confirmation(
        _ title: String, message: String, confirm: String = "OK", cancel: String = "Cancel", destructive: Bool = false
    ) -> Alert<Bool> {
        var alert = Alert(title: title, message: message,
                          buttons: [Button(confirm, value: true), Button(cancel, value: false, isCancel: true)])
        alert.initialFocus = destructive ? 1 : 0
        return alert
    }
}

extension Alert where Value == Void {
    /// A message with a single OK button (also Esc).
    public static func notice(_ title: String, message: String, button: String = "OK") -> Alert<Void> {
        Alert(title: title, message: message, buttons: [Button(button, value: (), isCancel: true)])
    }
}
