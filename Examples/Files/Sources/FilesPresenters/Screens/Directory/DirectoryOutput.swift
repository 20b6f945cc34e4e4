import ShojiPresentation

/// What the directory presenter asks of the outside world.
@MainActor
package protocol DirectoryOutput: AnyObject {
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry)
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError)
    /// The highlighted entry is `entry` now, whatever moved it (a key, the
    /// filter, the listing arriving, the screen back on top), or none (nil:
    /// the filter hides every entry): a preview pane follows it.
    func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?)
    /// The user asked to open `entry` (a file) in their editor or pager.
    func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener)
}

extension DirectoryOutput {
    /// No preview pane by default.
    package func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?) {}
    /// Files are only browsed by default.
    package func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {}
}
