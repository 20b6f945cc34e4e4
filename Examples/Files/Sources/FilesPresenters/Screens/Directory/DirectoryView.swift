import ShojiPresentation

/// How a directory's entries are ordered; directories always come first.
package enum EntrySort: String, Hashable, Sendable, CaseIterable {
    case name, size, time
}

/// What the directory presenter may tell its view.
@MainActor
package protocol DirectoryView: AnyObject {
    /// The rows changed (loaded, re-sorted, hidden files toggled).
    func showEntries()
    /// Still reading: `count` entries so far.
    func showLoading(count: Int)
    func showLoaded()
    /// The directory itself is gone (deleted while shown) or unreadable.
    func showProblem(_ message: String)
    /// Select the row of the entry at `index` (in the presenter's rows).
    func select(row: Int)
    func showSort(_ order: EntrySort, ascending: Bool)
}
