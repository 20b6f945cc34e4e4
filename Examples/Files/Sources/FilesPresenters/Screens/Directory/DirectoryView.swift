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
    /// How far reading has come; nil once it is over (read or failed).
    func showProgress(_ progress: WorkProgress?)
    /// The directory itself is gone (deleted while shown) or unreadable.
    func showProblem(_ message: String)
    /// Select the row of the entry at `index` (in the presenter's rows).
    func select(row: Int)
    /// The sort indicator: the order the rows are in, or nil while they
    /// are not sorted yet (still reading).
    func showSort(_ order: EntrySort?, ascending: Bool)
    /// The columns: name, size, time, and with `details` also the
    /// permissions and owner.
    func showColumns(details: Bool)
    /// Where a find (`f`, `n`, `N`) landed, or a short note, in the status line.
    func showFind(_ status: String)
}
