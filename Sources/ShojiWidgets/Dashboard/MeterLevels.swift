import ShojiCurses

/// The style of a meter's bar by its value: the first level whose bound
/// the value is below, else `above` (green under 60 %, yellow under 85 %,
/// red beyond, by default). Each style keeps an attribute as well as its
/// colour where it warns, so a monochrome screen still tells red apart.
public struct MeterLevels: Hashable, Sendable {
    /// One step: values below `bound` are drawn in `style`.
    public struct Level: Hashable, Sendable {
        /// The value this level stops at (exclusive).
        public var bound: Double
        /// How the bar looks below `bound`.
        public var style: Style
        /// Values below `bound` in `style`.
        public init(below bound: Double, _ style: Style) {
            self.bound = bound
            self.style = style
        }
    }

    /// The steps, in increasing order of their bounds.
    public var levels: [Level]
    /// The style of values at or past the last bound.
    public var above: Style

    /// Levels in increasing order, and the style past the last.
    public init(_ levels: [Level], above: Style) {
        self.levels = levels.sorted { $0.bound < $1.bound }
        self.above = above
    }

    /// Green under 0.6, yellow under 0.85, red (and bold) from there.
    public static let standard = MeterLevels(
        [Level(below: 0.6, Style(foreground: .green)), Level(below: 0.85, Style(foreground: .yellow))],
        above: Style(foreground: .red, attributes: .bold))

    /// The style for `value`.
    public func style(for value: Double) -> Style {
        levels.first { value < $0.bound }?.style ?? above
    }
}
