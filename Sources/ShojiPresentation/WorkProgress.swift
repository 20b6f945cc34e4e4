/// How far a long piece of work has come, as a presenter reports it: what
/// is being done, in the user's words, and a `WorkCount` (drawn as a bar
/// when the total is known, else as a spinner with the count and the time
/// so far).
public struct WorkProgress: Hashable, Sendable {
    /// What the units counted are: they decide how a count is written.
    public typealias Unit = WorkCount.Unit

    /// What is being done, as the user reads it ("Reading entries").
    public var label: String
    /// How far it has come.
    public var count: WorkCount

    /// `label` with `count`, as a model reported it.
    public init(_ label: String, _ count: WorkCount) {
        self.label = label
        self.count = count
    }

    /// Progress of `completed` units out of `total` (nil when unknown).
    public init(_ label: String, completed: Int = 0, total: Int? = nil, unit: Unit = .items) {
        self.init(label, WorkCount(completed: completed, total: total, unit: unit))
    }

    /// How many units are done (entries read, bytes received).
    public var completed: Int {
        get { count.completed }
        set { count.completed = max(0, newValue) }
    }

    /// How many there are in all; nil while nobody knows.
    public var total: Int? {
        get { count.total }
        set { count.total = newValue.map { max(0, $0) } }
    }

    /// What `completed` and `total` count.
    public var unit: Unit {
        get { count.unit }
        set { count.unit = newValue }
    }

    /// The part done, from 0 to 1; nil when the total is unknown.
    public var fraction: Double? { count.fraction }

    /// The whole percentage done, rounded down; nil when the total is unknown.
    public var percent: Int? { count.percent }

    /// `completed` as the user reads it: "31,000", or "1.2 MB" for bytes.
    public var completedText: String { ProgressText.amount(completed, unit: unit) }

    /// `total` as the user reads it; nil when unknown.
    public var totalText: String? { total.map { ProgressText.amount($0, unit: unit) } }
}
