import ShojiCurses

/// A busy indicator whose frames advance on a `LoopClock`, so it animates on
/// real time in the app and on virtual time in tests. Draws "⠋ Loading…".
@MainActor
public final class Spinner: Widget {
    /// The frames drawn with UTF-8.
    public static let brailleFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// The frames drawn with ASCII only.
    public static let asciiFrames = ["|", "/", "-", "\\"]

    /// The text after the frame.
    public var label: String { didSet { onNeedsDisplay?() } }
    /// How long each frame shows.
    public let interval: Duration
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The frame showing now.
    public private(set) var frameIndex = 0
    private var timer: ScheduledTimer?

    /// A stopped spinner; `start(clock:)` runs it.
    public init(label: String = "Loading…", interval: Duration = .milliseconds(80)) {
        self.label = label
        self.interval = interval
    }

    isolated deinit { timer?.cancel() }

    /// Braille dots, or ASCII where the terminal has no UTF-8.
    public var frames: [String] { DisplayText.asciiOnly ? Self.asciiFrames : Self.brailleFrames }
    /// The frame to draw now.
    public var frame: String { frames[frameIndex % frames.count] }
    /// Whether it is advancing.
    public var isRunning: Bool { timer != nil }

    /// Starts advancing a frame every `interval`; starting again restarts.
    public func start(clock: any LoopClock) {
        timer?.cancel()
        timer = clock.repeating(every: interval) { [weak self] in
            guard let self else { return }
            frameIndex = (frameIndex + 1) % frames.count
            onNeedsDisplay?()
        }
    }

    /// Stops advancing.
    public func stop() {
        timer?.cancel()
        timer = nil
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        draw(on: canvas, theme: Theme.resolve(theme, for: canvas))
    }

    func draw(on canvas: Canvas, theme: Theme) {
        canvas.draw([TextRun(frame, theme.title), TextRun(" " + label, theme.normal)], at: .zero)
    }
}
