import ShojiCurses

/// One button of an alert.
public struct AlertButton: Hashable, Sendable {
    /// What the button says.
    public var title: String
    /// Esc chooses the cancel button.
    public var isCancel: Bool
    /// A button titled `title`; `isCancel` makes Esc choose it.
    public init(_ title: String, isCancel: Bool = false) {
        self.title = title
        self.isCancel = isCancel
    }
}

/// A modal question: title, wrapped message and one to three buttons in a
/// bordered box. It computes its size (`preferredSize(in:)`) so the owner can
/// centre its panel above the screen, which stays visible around it.
@MainActor
public final class AlertWidget: Widget {
    /// The title, on the border.
    public let title: String
    /// The text inside, wrapped.
    public let message: String
    /// The buttons, left to right.
    public let buttons: [AlertButton]
    /// Called with the chosen button's index.
    public var onChoose: ((Int) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// The index of the button Enter chooses.
    public private(set) var focusedButton = 0

    /// Messages wrap at this width even on a wide screen, to stay readable.
    static let maximumMessageWidth = 48

    /// An alert widget.
    public init(title: String, message: String, buttons: [AlertButton], theme: Theme? = nil) {
        precondition(!buttons.isEmpty, "an alert needs at least one button")
        self.title = title
        self.message = message
        self.buttons = buttons
        self.theme = theme
    }

    private var buttonTitles: [String] { buttons.map(\.title) }

    /// Border and one column of padding on each side.
    private static let chrome = 4

    /// The size it needs on a screen of `available`: its content's, within the screen.
    public func preferredSize(in available: CellSize) -> CellSize {
        let naturalWidth = max(DisplayText.width(of: title) + 2, ButtonRow.width(buttonTitles),
                               min(DisplayText.width(of: message), Self.maximumMessageWidth))
        let inner = max(1, min(naturalWidth, available.width - Self.chrome))
        let width = min(available.width, inner + Self.chrome)
        return CellSize(width: width, height: min(available.height, measuredHeight(forWidth: inner + Self.chrome) ?? 0))
    }

    /// The box's height at `width`: the message wrapped inside the border
    /// and padding, a blank line and the buttons.
    public func measuredHeight(forWidth width: Int) -> Int? {
        TextWrapper.wrap(message, width: max(1, width - Self.chrome)).count + 4
    }

    /// The bindings active now, for the footer and the help overlay.
    public var bindings: [KeyBinding] {
        var result = [
            KeyBinding([.left, .backTab], "previous button", footer: false) { [weak self] in self?.moveFocus(by: -1) },
            KeyBinding([.right, .tab], "next button", footer: false) { [weak self] in self?.moveFocus(by: 1) },
            KeyBinding([.enter], "choose") { [weak self] in self?.choose(nil) },
        ]
        if let cancel = buttons.firstIndex(where: \.isCancel) {
            result.append(KeyBinding([.escape], buttons[cancel].title.lowercased()) { [weak self] in self?.choose(cancel) })
        }
        return result
    }

    /// A modal keeps Esc even without a cancel button, so it never falls
    /// through to "back" on the screen underneath.
    public func handle(_ key: TerminalKey) -> Bool {
        bindings.dispatch(key) || key == .escape
    }

    /// Moves focus `step` buttons along, stopping at the first and last.
    public func moveFocus(by step: Int) { focus(focusedButton + step) }

    /// Reports `index`, or the focused button when nil.
    public func choose(_ index: Int?) { onChoose?(index ?? focusedButton) }

    /// Moves focus to `index`, stopping at the first and last button.
    public func focus(_ index: Int) {
        focusedButton = min(max(0, index), buttons.count - 1)
        onNeedsDisplay?()
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let bounds = canvas.bounds
        canvas.fill(bounds, style: theme.normal)
        canvas.box(bounds, style: theme.border, title: title, titleStyle: theme.title)
        let inner = bounds.insetBy(dx: 2, dy: 1)
        guard inner.width > 0, inner.height > 0 else { return }
        let messageRows = max(0, inner.height - 2)
        for (row, line) in TextWrapper.wrap(message, width: inner.width).prefix(messageRows).enumerated() {
            canvas.text(line, at: CellPoint(x: inner.x, y: inner.y + row), style: theme.normal, width: inner.width)
        }
        let rowWidth = ButtonRow.width(buttonTitles)
        ButtonRow.draw(buttonTitles, focused: focusedButton,
                       at: CellPoint(x: max(0, (inner.width - rowWidth) / 2), y: inner.height - 1),
                       on: canvas.subcanvas(inner), theme: theme)
    }
}
