#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import FilesPresenters
import ShojiAppKit

/// The file browser's one flow: a directory screen per level on a stack, a
/// file's preview beside it from 120 columns (a `SplitContainer`: the pane
/// follows the selection, as in ranger and nnn; the split makes, replaces
/// and releases it from `detailForItem`) or over it when narrower,
/// errors as alerts. Back is the router's: the parent is still on the stack
/// with its rows, selection and scroll, so going back reads nothing.
///
/// `--open PATH` and `--restore` build the whole stack from the root down to
/// a path as one `RoutePlan`, applied in one transaction (see Examples/Files/README.md: a
/// file-system path is not a `RoutePath`, whose components are limited to
/// `[a-z0-9-]`, so the app plans from the path's bytes itself).
@MainActor
final class FilesCoordinator: Coordinator, DirectoryOutput {
    /// The narrowest terminal that shows the preview pane.
    static let previewPaneWidth = 120

    /// The directories (primary) and the preview pane (secondary).
    let split = SplitContainer(minimumSideBySideWidth: FilesCoordinator.previewPaneWidth)
    /// The app's stack, which shows the split.
    private weak var holder: (any Routing)?
    /// The start folder: the bottom of the stack until the user goes up
    /// past it (it is where `files` starts, not a fence).
    private(set) var root: BytePath
    let loader: any DirectoryLoading
    let clock: (any LoopClock)?
    /// Hidden files shown in new screens.
    var showsHidden = false
    /// Permissions and owner columns shown in new screens (`i` on any).
    var showsDetails = false
    /// User and group names, looked up once for every screen.
    private let owners = OwnerNames()
    /// What `y` or `d` took, for `p`.
    var taken: (paths: [BytePath], moving: Bool)?
    /// Where `D` sends entries.
    var trash = Trash()
    /// The bookmarks file (`b`, `~`).
    var bookmarks = Bookmarks()
    /// The first row of `~`.
    var home = BytePath(ProcessInfo.processInfo.environment["HOME"] ?? "/")
    /// Keeps each directory screen's listing in step with the disk (nil in
    /// tests that need a listing read once).
    var watcher: (any DirectoryWatching)?
    /// Opened by `start()` instead of the root alone (`--open`, `--restore`).
    var initialTarget: BytePath?
    /// Shown once the screen is up (`--restore` that could not go all the way).
    var startNotice: String?
    /// Runs an editor or pager on the terminal and reports how it ended: the
    /// app's `runInForeground` (a fake in tests; nil opens nothing).
    var runProgram: (@MainActor (ExternalProgram) throws(ProgramError) -> ProgramExit)?
    /// Where `$VISUAL`, `$EDITOR` and `$PAGER` are read.
    var environment = ProcessInfo.processInfo.environment

    init(router: any Routing, root: BytePath, loader: any DirectoryLoading, clock: (any LoopClock)? = nil) {
        self.root = root
        self.loader = loader
        self.clock = clock
        self.holder = router
        super.init(router: split.primaryRouter)
        split.detailForItem = { [weak self] id in
            guard let self, let path = id as? BytePath else { return nil }
            return RouterEntry(PreviewPanelView(presenter: PreviewPresenter(previewing: path)), owner: self)
        }
    }

    override func start() {
        if let target = initialTarget, let plan = try? plan(opening: target, strict: false) {
            plan.apply(to: router)
        } else {
            router.setRoot(makeDirectoryScreen(root), owner: self)
        }
        // Shown once the directories are in: a wide screen previews at once.
        holder?.setRoot(split, owner: self)
        if let startNotice { presentAlert(.notice("Restored elsewhere", message: startNotice)) }
    }

    /// The directory screen for `path`; it starts reading at once.
    func makeDirectoryScreen(_ path: BytePath) -> DirectoryPanelView {
        let presenter = DirectoryPresenter(path: path, loader: loader, showsHidden: showsHidden,
                                           showsDetails: showsDetails, owners: owners, watcher: watcher)
        presenter.output = self
        let screen = DirectoryPanelView(presenter: presenter, clock: clock)
        if path == root {
            // The bottom of the stack: its full path, and back opens its parent.
            screen.title = root.description
            presenter.leadsUp = !path.isRoot
        }
        return screen
    }

    // MARK: Deep paths

    /// The stack from the root down to `target`: a directory screen per
    /// level (each selecting the next level's entry once read) and a preview
    /// when `target` is a file. `strict` throws for a path that does not
    /// lead there; otherwise the stack stops at the deepest level that does
    /// (a restored path whose end was deleted).
    func plan(opening target: BytePath, strict: Bool) throws(FileError) -> RoutePlan {
        guard target.isInside(root) else { throw .outsideRoot(target.description, root: root.description) }
        var plan = RoutePlan()
        let top = makeDirectoryScreen(root)
        plan.push(top, owner: self)
        var parent = top.presenter
        let steps = target.components.dropFirst(root.components.count)
        for (offset, component) in steps.enumerated() {
            let path = parent.path.appending(component)
            let kind: EntryKind
            do { kind = try DirectoryReader.kind(of: path).kind } catch {
                if strict { throw error }
                break
            }
            if kind != .directory {
                guard kind == .file, offset == steps.count - 1 else {
                    if strict { throw FileError.notADirectory(path.description) }
                    break
                }
                parent.pendingSelection = component
                if let preview = try? FilePreview.read(path) {
                    let view = PreviewPanelView(presenter: PreviewPresenter(path: path, preview: preview))
                    plan.afterApplying { [weak self] in self?.split.showDetail(view, owner: self, itemID: path) }
                }
                break
            }
            parent.pendingSelection = component
            let screen = makeDirectoryScreen(path)
            plan.push(screen, owner: self)
            parent = screen.presenter
        }
        return plan
    }

    /// Builds and shows the stack down to `target` (one transaction).
    func open(_ target: BytePath, strict: Bool = true) throws(FileError) {
        try plan(opening: target, strict: strict).apply(to: router)
    }

    /// The folder the user is in: the top directory screen's (a previewed
    /// file's folder), for `--choose-dir`.
    var currentDirectory: BytePath? {
        for entry in router.entries.reversed() {
            if let directory = entry.presentable as? DirectoryPanelView { return directory.presenter.path }
        }
        return nil
    }

    /// Where the user is: the top screen's directory or previewed file.
    var currentPath: BytePath? {
        if split.isDetailOpen, let path = split.detailItemID as? BytePath { return path }
        for entry in router.entries.reversed() {
            if let directory = entry.presentable as? DirectoryPanelView { return directory.presenter.path }
            if let preview = entry.presentable as? PreviewPanelView { return preview.presenter.path }
        }
        return nil
    }

    // MARK: DirectoryOutput

    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry) {
        let path = presenter.path.appending(entry.name)
        if entry.opensAsDirectory {
            let screen = makeDirectoryScreen(path)
            router.push(screen, owner: self)
            // A read that failed before the push (a fast loader) is reported now.
            if let error = screen.presenter.failure { directory(screen.presenter, couldNotRead: error) }
            return
        }
        // Beside the listing the pane shows it already: it gets the keys.
        if split.detailItemID == AnyHashable(path), split.openDetail(itemID: path) { return }
        do throws(FileError) {
            let preview = try FilePreview.read(path)
            split.showDetail(PreviewPanelView(presenter: PreviewPresenter(path: path, preview: preview)), owner: self,
                             itemID: path)
        } catch {
            presentAlert(.notice(error.title, message: error.description))
        }
    }

    /// The pane previews the top directory's highlighted entry, or nothing
    /// when the filter hides every entry (the split reads it only beside the
    /// listing, and once per entry).
    func directory(_ presenter: DirectoryPresenter, didHighlight entry: DirectoryEntry?) {
        guard (router.top?.presentable as? DirectoryPanelView)?.presenter === presenter else { return }
        split.highlight(entry.map { presenter.path.appending($0.name) })
    }

    /// Runs the editor or pager on the file; back, the listing is read again
    /// (the file may have changed, or been saved under another name), the
    /// selection kept on it, and an exit other than 0 is shown.
    func directory(_ presenter: DirectoryPresenter, open entry: DirectoryEntry, in opener: FileOpener) {
        guard let runProgram else { return }
        let file = presenter.path.appending(entry.name).bytes
        let program: ExternalProgram = opener == .editor
            ? .editor(opening: file, environment: environment) : .pager(opening: file, environment: environment)
        do throws(ProgramError) {
            let exit = try runProgram(program)
            if !exit.succeeded {
                presentAlert(.notice("\(program.name) \(exit)", message: "\(program.description) \(exit)."))
            }
        } catch {
            presentAlert(.notice("Cannot open \(FileName.display(entry.name))", message: error.description + "."))
        }
        presenter.reload()
        // The pane beside shows what the file holds now: the split keeps the
        // preview of an item it already shows, so it is let go and made again.
        let path = AnyHashable(presenter.path.appending(entry.name))
        if split.detailItemID == path {
            split.highlight(nil)
            split.highlight(path)
        }
    }

    /// Back at the bottom of the stack: the parent folder replaces the stack
    /// (as in nnn and lf), the folder left selected in it.
    func directoryDidAskForParent(_ presenter: DirectoryPresenter) {
        guard !presenter.path.isRoot else { return }
        startOver(at: presenter.path.parent, selecting: presenter.path.lastComponent)
    }

    /// `folder` becomes the start folder, the stack's only screen (going
    /// up past the start, a bookmark), with `name` selected once read.
    func startOver(at folder: BytePath, selecting name: [UInt8]? = nil) {
        root = folder
        let screen = makeDirectoryScreen(root)
        screen.presenter.pendingSelection = name
        router.setRoot(screen, owner: self)
        if let error = screen.presenter.failure { directory(screen.presenter, couldNotRead: error) }
    }

    func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool) {
        showsDetails = details
    }

    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError) {
        // Not on the stack yet: reported once it is pushed.
        guard let failed = router.entries.first(where: {
            ($0.presentable as? DirectoryPanelView)?.presenter === presenter
        })?.presentable else { return }
        presentAlert(.notice(error.title, message: error.description)) { [weak self] _ in
            // The screen that could not be read goes; the root stays (it says why).
            guard let self, self.router.entries.count > 1, self.router.top?.presentable === failed else { return }
            _ = self.router.pop()
        }
    }
}
