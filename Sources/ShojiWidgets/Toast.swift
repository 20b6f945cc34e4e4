import ShojiCurses

/// A short status message ("Saved", "Added to favourites") that disappears
/// by itself after a delay on the loop clock. Drawn as one line.
@MainActor
public final class Toast: Widget {
    /// How a toast looks.
    public enum Kind: Sendable { case info, success, error }

    /// The message showing, or nil.
    public private(set) var message: String?
    /// How the message looks.
    public private(set) var kind = Kind.info
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    private let clock: any LoopClock
    private var timer: ScheduledTimer?

    /// A hidden toast whose messages time out on `clock`.
    public init(clock: any LoopClock, theme: Theme? = nil) {
        self.clock = clock
        self.theme = theme
    }

    isolated deinit { timer?.cancel() }

    /// Whether a message is showing.
    public var isVisible: Bool { message != nil }

    /// Shows `message` for `duration`, replacing any message still showing.
    public func show(_ message: String, kind: Kind = .info, for duration: Duration = .seconds(3)) {
        timer?.cancel()
        self.message = message
        self.kind = kind
        timer = clock.after(duration) { [weak self] in self?.hide() }
        onNeedsDisplay?()
    }

    /// Hides the message now.
    public func hide() {
        timer?.cancel()
        timer = nil
        message = nil
        onNeedsDisplay?()
    }

    /// One column of padding each side, capped at `available`.
    public func preferredSize(in available: CellSize) -> CellSize {
        guard let message else { return .zero }
        return CellSize(width: min(available.width, DisplayText.width(of: message) + 2), height: min(1, available.height))
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        guard let message else { return }
        let theme = Theme.resolve(self.theme, for: canvas)
        let style = switch kind {
        case .info: theme.toast
        case .success: theme.toast.with(theme.success.attributes)
        case .error: theme.error.with(.reverse)
        }
        canvas.fill(CellRect(x: 0, y: 0, width: canvas.size.width, height: 1), style: style)
        canvas.text(message, at: CellPoint(x: 1, y: 0), style: style, width: max(0, canvas.size.width - 2))
    }
}
