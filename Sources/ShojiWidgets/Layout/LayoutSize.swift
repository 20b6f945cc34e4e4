/// How a child of a ``LayoutWidget`` is sized along the layout's axis (its
/// height in a `.rows` layout, its width in a `.columns` one). The
/// ``LayoutItem``'s minimum and maximum clamp whatever this asks for.
public enum LayoutSize: Hashable, Sendable {
    /// Exactly this many cells.
    case fixed(Int)
    /// A share of what the other children leave, by weight: two `.fill(1)`
    /// children split it evenly, `.fill(2)` takes twice a `.fill(1)`'s.
    case fill(Int)
    /// This part of the layout's whole length (0.25 is a quarter).
    case fraction(Double)
    /// As long as the child asks for (``Widget/measuredHeight(forWidth:)``
    /// in rows, ``Widget/measuredWidth(forHeight:)`` in columns); a child
    /// that does not say is treated as `.fill(1)`.
    case content
}
