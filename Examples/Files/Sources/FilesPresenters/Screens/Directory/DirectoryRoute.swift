import ShojiPresentation

/// What the directory presenter asks of the outside world.
@MainActor
package protocol DirectoryRoute: AnyObject {
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry)
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError)
}
