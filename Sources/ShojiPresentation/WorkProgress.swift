/// How far a long piece of work has come, as a presenter reports it: a count
/// out of a known total (drawn as a bar) or a count alone (drawn as a spinner
/// with the count and the time so far).
public struct WorkProgress: Hashable, Sendable {
    /// What is being done, as the user reads it ("Reading entries").
    public var label: String
    /// How many units are done (entries read, bytes received).
    public var completed: Int
    /// How many there are in all; nil while nobody knows.
    public var total: Int?

    /// Progress of `completed` units out of `total` (nil when unknown).
    public init(_ label: String, completed: Int = 0, total: Int? = nil) {
        self.label = label
        self.completed = max(0, completed)
        self.total = total.map { max(0, $0) }
    }

    /// The part done, from 0 to 1; nil when the total is unknown. A total
    /// of zero counts as done (nothing to do).
    public var fraction: Double? {
        guard let total else { return nil }
        guard total > 0 else { return 1 }
        return min(1, Double(completed) / Double(total))
    }
}
