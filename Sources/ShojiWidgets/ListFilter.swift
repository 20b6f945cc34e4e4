/// The list's incremental filter: which data-source indices match the query.
/// When a query extends the previous one (typing another letter), only the
/// previous matches can still match, so only they are searched again.
@MainActor
struct ListFilter {
    /// Finds the indices among the candidates (every row when nil) whose
    /// title matches the query: `ListDataSource.indices(matching:among:)`.
    typealias Search = (TextQuery, [Int]?) -> [Int]

    private(set) var query = ""
    /// The query prepared for matching, kept for highlighting the drawn rows.
    private(set) var textQuery = TextQuery("")
    /// Matching indices in data-source order; nil when no query is active.
    private(set) var matches: [Int]?

    var isActive: Bool { matches != nil }

    /// Sets the query and recomputes the matches with `search`.
    mutating func update(query newQuery: String, search: Search) {
        defer {
            query = newQuery
            textQuery = TextQuery(newQuery)
        }
        guard !newQuery.isEmpty else {
            matches = nil
            return
        }
        let narrowing = matches != nil && !query.isEmpty && newQuery.lowercased().hasPrefix(query.lowercased())
        matches = search(TextQuery(newQuery), narrowing ? matches : nil)
    }

    /// Sets the query and recomputes the matches, reading titles through `title`.
    mutating func update(query newQuery: String, count: Int, title: (Int) -> String) {
        update(query: newQuery) { query, candidates in
            var found: [Int] = []
            for index in candidates ?? Array(0..<count) where query.matches(title(index)) { found.append(index) }
            return found
        }
    }

    /// Forgets the matches (the data changed) and searches again from scratch.
    mutating func reload(search: Search) {
        let current = query
        clear()
        update(query: current, search: search)
    }

    mutating func clear() {
        query = ""
        textQuery = TextQuery("")
        matches = nil
    }
}
