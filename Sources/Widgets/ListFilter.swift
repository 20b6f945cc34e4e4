/// The list's incremental filter: which data-source indices match the query.
/// When a query extends the previous one (typing another letter), only the
/// previous matches can still match, so only they are searched again.
@MainActor
struct ListFilter {
    private(set) var query = ""
    /// Matching indices in data-source order; nil when no query is active.
    private(set) var matches: [Int]?

    var isActive: Bool { matches != nil }

    /// Sets the query and recomputes the matches, reading titles through `title`.
    mutating func update(query newQuery: String, count: Int, title: (Int) -> String) {
        defer { query = newQuery }
        guard !newQuery.isEmpty else {
            matches = nil
            return
        }
        let candidates: [Int]
        if let matches, !query.isEmpty, newQuery.lowercased().hasPrefix(query.lowercased()) {
            candidates = matches
        } else {
            candidates = Array(0..<count)
        }
        let needle = TextMatcher.Needle(newQuery)
        matches = candidates.filter { needle.matches(title($0)) }
    }

    /// Forgets the matches (the data changed) and searches again from scratch.
    mutating func reload(count: Int, title: (Int) -> String) {
        let current = query
        query = ""
        matches = nil
        update(query: current, count: count, title: title)
    }

    mutating func clear() {
        query = ""
        matches = nil
    }
}
