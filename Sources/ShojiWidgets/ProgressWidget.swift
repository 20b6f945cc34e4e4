import ShojiCurses

/// One line saying how far long work has come, drawn from the
/// `WorkProgress` a presenter hands its view: a bar with the percentage and
/// the counts when the total is known, else a spinner with the count and
/// the time so far (see `ProgressLine` for the layouts).
///
/// The spinner's frames and the time so far advance on `clock` (real time
/// in the app, virtual time in tests); the widget asks for a redraw only
/// when its line changes: a frame of the spinner, or a new `progress`. A
/// bar does not animate, so it costs nothing between updates. The time so
/// far counts from when progress first showed, or from a new label.
@MainActor
public final class ProgressWidget: Widget {
    /// What to show; nil shows nothing and stops the spinner.
    public var progress: WorkProgress? {
        didSet {
            guard progress != oldValue else { return }
            if progress == nil || progress?.label != oldValue?.label { startedAt = progress == nil ? nil : clock?.now }
            updateSpinner()
            onNeedsDisplay?()
        }
    }
    /// Drives the spinner and the time so far; nil draws neither moving.
    public var clock: (any LoopClock)? {
        didSet {
            if startedAt == nil, progress != nil { startedAt = clock?.now }
            updateSpinner()
        }
    }
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The frames of the indeterminate form.
    public let spinner = Spinner(label: "")
    /// When the current progress started, on `clock`.
    public private(set) var startedAt: Duration?

    /// A widget showing nothing until `progress` is set.
    public init(clock: (any LoopClock)? = nil, theme: Theme? = nil) {
        self.clock = clock
        self.theme = theme
        spinner.onNeedsDisplay = { [weak self] in self?.onNeedsDisplay?() }
    }

    /// The time so far; nil without a clock or progress.
    public var elapsed: Duration? {
        guard let clock, let startedAt else { return nil }
        return clock.now - startedAt
    }

    /// The line it draws in `width` columns; nil when there is no progress.
    public func line(width: Int) -> ProgressLine? {
        progress.map { ProgressLine($0, width: width, frame: spinner.frame, elapsed: elapsed) }
    }

    private func updateSpinner() {
        // Only the spinner form moves; a bar waits for the next progress.
        if let clock, let progress, progress.total == nil {
            if !spinner.isRunning { spinner.start(clock: clock) }
        } else {
            spinner.stop()
        }
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        draw(on: canvas, theme: Theme.resolve(theme, for: canvas))
    }

    /// Draws the line on the first row of `canvas`; returns the columns used.
    @discardableResult
    func draw(on canvas: Canvas, theme: Theme) -> Int {
        guard let line = line(width: canvas.size.width) else { return 0 }
        let runs = line.parts.map { part -> TextRun in
            switch part.role {
            case .spinner, .barDone: TextRun(part.text, theme.title)
            case .label: TextRun(part.text, theme.normal)
            case .barLeft, .detail: TextRun(part.text, theme.secondary)
            }
        }
        return canvas.draw(runs, at: .zero)
    }
}
