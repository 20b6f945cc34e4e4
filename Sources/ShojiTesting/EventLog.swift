import ShojiNavigation

/// One ordered log shared by several fakes, so a test can assert the exact
/// interleaving of events across presentables (and anything else it records).
@MainActor
public final class EventLog {
    /// The lines recorded so far, oldest first.
    public private(set) var lines: [String] = []

    /// An empty log.
    public init() {}

    /// Appends `line`.
    public func record(_ line: String) { lines.append(line) }

    /// Returns the lines so far and starts afresh: lets a test set up a stack,
    /// then assert only what one transition produced.
    @discardableResult
    public func take() -> [String] {
        defer { lines.removeAll() }
        return lines
    }
}
