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
    /// Back at the bottom of the stack: the user wants the parent folder.
    func directoryDidAskForParent(_ presenter: DirectoryPresenter)
    /// The permissions and owner columns were turned on or off: screens
    /// opened next show them the same way.
    func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool)
    /// `f`: ask what to find, then call `find(_:)`.
    func directoryDidAskToFind(_ presenter: DirectoryPresenter)
    /// `b`: bookmark the presenter's folder.
    func directoryDidAskToBookmark(_ presenter: DirectoryPresenter)
    /// `~`: show the bookmarks.
    func directoryDidAskForBookmarks(_ presenter: DirectoryPresenter)
    /// `y` or `d`: `paths` are taken, to be copied or moved by a paste.
    func directory(_ presenter: DirectoryPresenter, take paths: [BytePath], moving: Bool)
    /// `p`: bring what was taken into the presenter's folder (confirmed first).
    func directoryDidAskToPaste(_ presenter: DirectoryPresenter)
    /// `r`: ask for a new name for `entry`.
    func directory(_ presenter: DirectoryPresenter, rename entry: DirectoryEntry)
    /// `D`: move `paths` to the trash (confirmed first).
    func directory(_ presenter: DirectoryPresenter, trash paths: [BytePath])
}

extension DirectoryOutput {
    /// No preview pane by default.
    package func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?) {}
    /// Files are only browsed by default.
    package func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {}
    /// The start folder is a fence by default.
    package func directoryDidAskForParent(_ presenter: DirectoryPresenter) {}
    /// Each screen keeps its own columns by default.
    package func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool) {}
    /// Nothing to find by default.
    package func directoryDidAskToFind(_ presenter: DirectoryPresenter) {}
    /// No bookmarks by default.
    package func directoryDidAskToBookmark(_ presenter: DirectoryPresenter) {}
    /// No bookmarks by default.
    package func directoryDidAskForBookmarks(_ presenter: DirectoryPresenter) {}
    /// Browsing only by default: nothing is written.
    package func directory(_ presenter: DirectoryPresenter, take paths: [BytePath], moving: Bool) {}
    /// Browsing only by default.
    package func directoryDidAskToPaste(_ presenter: DirectoryPresenter) {}
    /// Browsing only by default.
    package func directory(_ presenter: DirectoryPresenter, rename entry: DirectoryEntry) {}
    /// Browsing only by default.
    package func directory(_ presenter: DirectoryPresenter, trash paths: [BytePath]) {}
}
