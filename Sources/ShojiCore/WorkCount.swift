/// How far a long piece of work has come, without words: a count of units
/// done, out of a total when one is known. A model reports this (bytes
/// received, entries read); a presenter names the work for the user
/// (`WorkProgress` in ShojiPresentation adds the label).
public struct WorkCount: Hashable, Sendable {
    /// What the units counted are: they decide how a count is written.
    public enum Unit: Hashable, Sendable {
        /// Things counted one by one, written with thousands separators ("31,000").
        case items
        /// Bytes, written in decimal units ("1.2 MB").
        case bytes
    }

    /// How many units are done (entries read, bytes received); never negative.
    public var completed: Int
    /// How many there are in all; nil while nobody knows.
    public var total: Int?
    /// What `completed` and `total` count.
    public var unit: Unit

    /// `completed` units out of `total` (nil when unknown); negative
    /// numbers count as zero.
    public init(completed: Int = 0, total: Int? = nil, unit: Unit = .items) {
        self.completed = max(0, completed)
        self.total = total.map { max(0, $0) }
        self.unit = unit
    }

    /// The part done, from 0 to 1; nil when the total is unknown. A total
    /// of zero counts as done (nothing to do).
    public var fraction: Double? {
        guard let total else { return nil }
        guard total > 0 else { return 1 }
        return min(1, Double(completed) / Double(total))
    }

    /// The whole percentage done, rounded down (so 100 only when done); nil
    /// when the total is unknown.
    public var percent: Int? {
        guard let total else { return nil }
        guard total > 0 else { return 100 }
        return Int(min(100, Double(completed) * 100 / Double(total)).rounded(.down))
    }
}
