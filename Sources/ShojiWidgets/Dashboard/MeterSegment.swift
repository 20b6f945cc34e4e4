import ShojiCurses

/// A part of a meter's bar: a share of the whole in a style of its own
/// (htop's memory meter: used, buffers, cache, each in its colour).
public struct MeterSegment: Hashable, Sendable {
    /// The share of the whole bar, 0...1 (clamped when drawn; NaN is 0).
    public var fraction: Double
    /// How its cells look.
    public var style: Style

    /// A segment of `fraction` of the bar drawn in `style`.
    public init(_ fraction: Double, _ style: Style) {
        self.fraction = fraction
        self.style = style
    }
}
