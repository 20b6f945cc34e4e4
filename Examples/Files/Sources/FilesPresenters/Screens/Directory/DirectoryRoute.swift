import ShojiPresentation

/// What the directory presenter asks of the outside world.
@MainActor
package protocol DirectoryRoute: AnyObject {
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry)
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError)
    /// The highlighted entry is `entry` now, whatever moved it (a key, the
    /// filter, the listing arriving, the screen back on top), or none (nil:
    /// the filter hides every entry): a preview pane follows it.
    func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?)
    /// The user asked to open `entry` (a file) in their editor or pager.
    func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener)
    /// Back at the bottom of the stack: the user wants the parent folder.
    func directoryDidAskForParent(_ presenter: DirectoryPresenter)
    /// The permissions and owner columns were turned on or off: screens
    /// opened next show them the same way.
    func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool)
}

extension DirectoryRoute {
    /// No preview pane by default.
    package func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?) {}
    /// Files are only browsed by default.
    package func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {}
    /// The start folder is a fence by default.
    package func directoryDidAskForParent(_ presenter: DirectoryPresenter) {}
    /// Each screen keeps its own columns by default.
    package func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool) {}
}
