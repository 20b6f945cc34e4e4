import ShojiPresentation

/// What the directory presenter asks of the outside world.
@MainActor
package protocol DirectoryRoute: AnyObject {
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry)
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError)
    /// The selection is on `entry` now (a move, or the listing is complete):
    /// a preview pane follows it.
    func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry)
    /// The user asked to open `entry` (a file) in their editor or pager.
    func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener)
}

extension DirectoryRoute {
    /// No preview pane by default.
    package func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry) {}
    /// Files are only browsed by default.
    package func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {}
}
