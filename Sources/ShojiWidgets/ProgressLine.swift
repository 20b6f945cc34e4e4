import ShojiCurses

/// The one line a `ProgressWidget` draws, laid out for a width: pure, so
/// its layouts are tested without a screen.
///
/// - With a total: `Reading entries ▕████████░░░░▏  62 %  (31,000 of 50,000)`,
///   `[########----]` without UTF-8. The bar takes the room the rest leaves,
///   up to `maximumBarWidth`; where the room is short the counts go first,
///   then the label, then the bar.
/// - Without one: `⠹ Reading entries… 43,000  1.2 s`: the spinner's frame,
///   the label, the count (once there is one) and the time so far.
@MainActor
public struct ProgressLine: Hashable, Sendable {
    /// What a part of the line is, for its style.
    public enum Role: Hashable, Sendable {
        /// The spinner's frame.
        case spinner
        /// What is being done.
        case label
        /// The bar's cells done.
        case barDone
        /// The bar's cells still to do.
        case barLeft
        /// Numbers and the bar's ends: the percentage, counts, the time so far.
        case detail
    }

    /// A piece of the line in one role.
    public struct Part: Hashable, Sendable {
        /// The text drawn.
        public var text: String
        /// What it is, for its style.
        public var role: Role
        /// `text` in `role`.
        public init(_ text: String, _ role: Role) {
            self.text = text
            self.role = role
        }
    }

    /// The line's parts, left to right.
    public var parts: [Part]

    /// The widest bar drawn, in cells between its ends.
    public static let maximumBarWidth = 40
    /// The narrowest bar worth drawing.
    static let minimumBarWidth = 4

    /// The whole line as text.
    public var text: String { parts.map(\.text).joined() }

    /// The line for `progress` in `width` columns; `frame` is the spinner's
    /// frame now and `elapsed` the time so far (nil draws none).
    public init(_ progress: WorkProgress, width: Int, frame: String, elapsed: Duration?) {
        if let percent = progress.percent, let fraction = progress.fraction {
            parts = Self.bar(progress, percent: percent, fraction: fraction, width: width)
        } else {
            var detail = progress.completed > 0 ? " " + progress.completedText : ""
            if let elapsed { detail += "  " + ProgressText.elapsed(elapsed) }
            parts = [Part(frame + " ", .spinner), Part(progress.label + "…", .label), Part(detail, .detail)]
                .filter { !$0.text.isEmpty }
        }
    }

    /// The bar's cells: how many of `width` are done, rounded down (full only at 100 %).
    public static func barCells(fraction: Double, width: Int) -> (done: Int, left: Int) {
        let width = max(0, width)
        let done = min(width, max(0, Int((fraction * Double(width)).rounded(.down))))
        return (done, width - done)
    }

    private static func bar(_ progress: WorkProgress, percent: Int, fraction: Double,
                            width: Int) -> [Part] {
        let ascii = DisplayText.asciiOnly
        let (open, close, doneGlyph, leftGlyph) = ascii ? ("[", "]", "#", "-") : ("▕", "▏", "█", "░")
        // Three columns for the number, so the bar does not move as it grows.
        let number = String(percent)
        let percentText = String(repeating: " ", count: max(0, 3 - number.count)) + number + " %"
        let counts = "  (\(progress.completedText) of \(progress.totalText ?? ""))"
        var label = progress.label.isEmpty ? "" : progress.label + " "
        var detail = " " + percentText + counts
        let fixed = { DisplayText.width(of: label) + 2 + DisplayText.width(of: detail) }
        if width - fixed() < minimumBarWidth { detail = " " + percentText }
        if width - fixed() < minimumBarWidth { label = "" }
        let room = width - fixed()
        guard room >= minimumBarWidth else { return [Part(number + " %", .detail)] }
        let (done, left) = barCells(fraction: fraction, width: min(room, maximumBarWidth))
        return [
            Part(label, .label),
            Part(open, .detail),
            Part(String(repeating: doneGlyph, count: done), .barDone),
            Part(String(repeating: leftGlyph, count: left), .barLeft),
            Part(close, .detail),
            Part(detail, .detail),
        ].filter { !$0.text.isEmpty }
    }
}
