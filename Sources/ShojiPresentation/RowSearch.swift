/// The default search of a presenter's rows, row by row: what
/// `ListScreenRows` and `TableDataSource` do unless a presenter searches its
/// own storage in one loop.
@MainActor
enum RowSearch {
    /// The indices among `candidates` (every row of `count` when nil) whose
    /// `text` matches `query`, in order. Plain loops, not `filter { }`: a
    /// closure made on the main actor and handed to the standard library is
    /// checked for its actor on every call; this one is called on the main
    /// actor.
    static func indices(matching query: TextQuery, among candidates: [Int]?, count: Int,
                        text: (Int) -> String) -> [Int] {
        var found: [Int] = []
        if let candidates {
            for index in candidates where query.matches(text(index)) { found.append(index) }
        } else {
            for index in 0..<count where query.matches(text(index)) { found.append(index) }
        }
        return found
    }
}
