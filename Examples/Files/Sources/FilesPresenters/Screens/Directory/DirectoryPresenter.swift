#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import ShojiPresentation

/// One directory: its entries read once in the background, sorted and
/// filtered for the table, the user's choice reported to the route.
@MainActor
package final class DirectoryPresenter: TableDataSource {
    package let path: BytePath
    package weak var view: DirectoryView?
    package weak var output: DirectoryOutput?
    package private(set) var order: EntrySort = .name
    package private(set) var ascending = true
    package private(set) var showsHidden: Bool
    /// Whether the permissions and owner columns are shown (`i`).
    package private(set) var showsDetails: Bool
    package private(set) var isLoaded = false
    package private(set) var isGone = false
    /// Why the directory could not be read, if it could not.
    package private(set) var failure: FileError?
    /// Every entry read, in the order read: names in one buffer, a small
    /// record each (see `EntryTable`).
    package private(set) var entries = EntryTable()
    /// The rows: indices into `entries`, sorted, hidden ones left out unless
    /// shown (32 bits each: half the memory of `Int` at 100,000 rows).
    package private(set) var rows: [UInt32] = []
    /// The bottom of the stack and not `/`: back opens the parent folder.
    package var leadsUp = false
    /// Select this entry once it arrives (`--open`, `--restore`).
    package var pendingSelection: [UInt8]?
    private let loader: any DirectoryLoading
    private var task: DirectoryLoadTask?
    /// The entry to keep selected (by name) across reloads; find and marks move it.
    var selectedName: [UInt8]?
    /// Each entry's cells as last formatted; a mark or a column change drops them.
    var cellCache: [Int: [String]] = [:]
    private let owners: OwnerNames
    /// Reports changes on disk (nil: the listing is read once).
    private let watcher: (any DirectoryWatching)?
    private var watch: DirectoryWatch?
    /// A read started because the disk changed: a failure is said on the
    /// screen, not as an alert.
    private var isRescanning = false

    package init(path: BytePath, loader: any DirectoryLoading, showsHidden: Bool = false, showsDetails: Bool = false,
                 owners: OwnerNames = OwnerNames(), watcher: (any DirectoryWatching)? = nil) {
        self.path = path
        self.watcher = watcher
        self.loader = loader
        self.showsHidden = showsHidden
        self.showsDetails = showsDetails
        self.owners = owners
    }

    isolated deinit {
        task?.cancel()
        watch?.cancel()
    }

    package var title: String { path.isRoot ? "/" : FileName.display(path.lastComponent) }

    /// Entries from which a listing's transients are worth handing back
    /// (`ProcessMemory.release()`, about a millisecond): below, they fit in
    /// memory malloc reuses anyway.
    static let releaseThreshold = 10_000

    /// What the screen says while reading (with the count so far).
    package static let readingLabel = "Reading entries"

    /// Starts reading (once). The first frame says so at once, with no sort
    /// indicator: nothing is sorted yet.
    package func viewDidLoad() {
        guard task == nil else { return }
        view?.showSort(nil, ascending: ascending)
        view?.showProgress(WorkProgress(Self.readingLabel))
        task = loader.load(path) { [weak self] event in self?.receive(event) }
        watch = watcher?.watch(path) { [weak self] in self?.diskChanged() }
    }

    /// The folder changed on disk: read it again, the selection kept on the
    /// same entry (by name), or on the row where it was when it went.
    package func diskChanged() {
        guard isLoaded, !isGone else { return }
        isRescanning = true
        reload()
    }

    package func receive(_ event: DirectoryLoadEvent) {
        switch event {
        case .progress(let count):
            view?.showProgress(WorkProgress(Self.readingLabel, completed: count))
        case .entries(let all):
            isRescanning = false
            failure = nil
            // Where the selection was: a rescan that finds its entry gone keeps the place.
            let place = selectedName.flatMap(row(named:))
            entries = all
            rows = []
            cellCache.removeAll(keepingCapacity: true)
            isLoaded = true
            rebuildRows(keepingPlace: place)
            view?.showSort(order, ascending: ascending)
            view?.showProgress(nil)
        case .failed(let error):
            isLoaded = true
            failure = error
            view?.showProgress(nil)
            if case .notFound = error { markGone() }
            if isRescanning {
                isRescanning = false
                if !isGone { view?.showProblem(error.description) }
                return
            }
            output?.directory(self, couldNotRead: error)
        }
    }

    /// The screen is on top again: if its directory was deleted meanwhile,
    /// say so (a stat, not a second read); the route hears its highlighted entry.
    package func viewDidAppear() {
        if !isGone, isLoaded, !DirectoryReader.directoryExists(path) { markGone() }
        // Without live reports, coming back into focus is when the disk is read again.
        if !isGone, isLoaded, watch == nil, watcher != nil { diskChanged() }
        viewDidBecomeTop()
    }

    /// The screen is on top (pushed, or uncovered): the route hears its
    /// highlighted entry, which it ignored while another screen was on top.
    package func viewDidBecomeTop() {
        if isLoaded { output?.directory(self, didHighlight: highlightedEntry) }
    }

    private func markGone() {
        isGone = true
        view?.showProblem("This directory was deleted")
    }

    // MARK: User actions

    package func didChoose(index row: Int) {
        guard rows.indices.contains(row) else { return }
        let entry = entries[Int(rows[row])]
        if !DirectoryReader.directoryExists(path) {
            markGone()
        }
        output?.directory(self, didChoose: entry)
    }

    /// Back at the bottom of the stack: asks for the parent folder (false:
    /// this screen has one below it, or is `/`; the key is the router's).
    @discardableResult
    package func goUp() -> Bool {
        guard leadsUp else { return false }
        output?.directoryDidAskForParent(self)
        return true
    }

    /// Opens the file at `row` in the editor or pager; a directory is not
    /// a file to open (false: the key is not used).
    @discardableResult
    package func open(row: Int, in opener: FileOpener) -> Bool {
        guard let entry = entry(atRow: row), !entry.opensAsDirectory else { return false }
        selectedName = entry.name
        output?.directory(self, open: entry, in: opener)
        return true
    }

    /// Reads the directory again (a program run on one of its files may
    /// have changed it), the selection kept on the same name.
    package func reload() {
        if selectedName == nil { selectedName = highlightedEntry?.name }
        task?.cancel()
        task = loader.load(path) { [weak self] event in self?.receive(event) }
    }

    /// The view highlights the row at `row` now, or none (nil: the filter
    /// hides every entry); reported whatever moved it.
    package func didSelect(row: Int?) {
        let entry = row.flatMap(entry(atRow:))
        isHighlighting = entry != nil
        if let entry { selectedName = entry.name }
        output?.directory(self, didHighlight: entry)
    }

    /// Whether a row is highlighted: false while the filter hides them all.
    private var isHighlighting = true

    /// The entry the selection is on: the selected name, else the first row;
    /// nil while the filter hides every entry.
    package var highlightedEntry: DirectoryEntry? {
        guard isHighlighting else { return nil }
        if let selectedName, let row = row(named: selectedName) { return entry(atRow: row) }
        return entry(atRow: 0)
    }

    package func sort(by newOrder: EntrySort) {
        if newOrder == order { ascending.toggle() } else {
            order = newOrder
            ascending = newOrder == .name
        }
        rebuildRows()
        if isLoaded { view?.showSort(order, ascending: ascending) }
    }

    // MARK: Find (`f`, then `n`/`N`) and marks: DirectoryPresenter+Find, +Marks

    /// What `n` and `N` look for: set by `find(_:)`.
    package internal(set) var findQuery: TextQuery?

    /// The names marked with space, in this folder.
    package internal(set) var marked = Set<[UInt8]>()

    // MARK: Bookmarks

    /// `b`: the route bookmarks this folder.
    package func bookmarkFolder() { output?.directoryDidAskToBookmark(self) }

    /// `~`: the route shows the bookmarks.
    package func showBookmarks() { output?.directoryDidAskForBookmarks(self) }

    /// A short note in the status line (a bookmark added, say).
    package func note(_ text: String) { view?.showFind(text) }

    /// Shows or hides the permissions and owner columns.
    package func toggleDetails() {
        showsDetails.toggle()
        cellCache.removeAll(keepingCapacity: true)
        view?.showColumns(details: showsDetails)
        output?.directory(self, didShowDetails: showsDetails)
    }

    package func toggleHidden() {
        showsHidden.toggle()
        rebuildRows()
    }

    /// The row of the entry named `name`, if shown.
    package func row(named name: [UInt8]) -> Int? {
        rows.firstIndex { entries.hasName(name, at: Int($0)) }
    }

    package func entry(atRow row: Int) -> DirectoryEntry? {
        rows.indices.contains(row) ? entries[Int(rows[row])] : nil
    }

    /// The index in `entries` of the entry shown at `row`.
    func index(atRow row: Int) -> Int { Int(rows[row]) }

    private func rebuildRows(keepingPlace place: Int? = nil) {
        let keep = selectedName
        var visible: [UInt32] = []
        visible.reserveCapacity(entries.count)
        for index in entries.indices where showsHidden || !entries.isHidden(at: index) { visible.append(UInt32(index)) }
        // Dropped before sorting: the old order and the new one are never held together.
        rows = []
        rows = entries.sorted(visible, by: order, ascending: ascending)
        visible = []
        // The sort's keys, and a replaced listing, are free now: give their
        // pages back, and the code pages the read and the sort mapped.
        if entries.count >= Self.releaseThreshold { ProcessMemory.release() }
        view?.showEntries()
        if let name = pendingSelection, let row = row(named: name) {
            pendingSelection = nil
            selectedName = name
            view?.select(row: row)
        } else if let keep, let row = row(named: keep) {
            view?.select(row: row)
        } else if let place, !rows.isEmpty {
            let row = min(place, rows.count - 1)
            selectedName = entries.name(at: index(atRow: row))
            view?.select(row: row)
        }
    }

    // MARK: TableDataSource

    package var rowCount: Int { rows.count }

    package func cells(at row: Int) -> [String] {
        let index = index(atRow: row)
        if let cached = cellCache[index] { return cached }
        let entry = entries[index]
        let size = entry.opensAsDirectory ? "" : Format.size(entry.size)
        // A link's target, and the mode and owner, are read for the rows drawn only.
        let full = path.appending(entry.name)
        let named = entry.nameWithTarget(entry.kind.isLink ? DirectoryReader.linkTarget(of: full) : nil)
        let name = marked.contains(entry.name) ? "+ " + named : named
        var cells = [name, size, Format.time(entry.modified)]
        if showsDetails {
            let details = DirectoryReader.details(of: full)
            cells.insert(contentsOf: [details.map { Format.permissions($0.permissions, kind: entry.kind) } ?? "?",
                                      details.map { owners.owner($0.owner, group: $0.group) } ?? "?"], at: 1)
        }
        // Entries never change once read: format each once (every key redraws a page).
        if cellCache.count > 4096 { cellCache.removeAll(keepingCapacity: true) }
        cellCache[index] = cells
        return cells
    }

    package func filterText(at row: Int) -> String { entries.displayName(at: index(atRow: row)) }

    package func emphasis(at row: Int) -> TableRowEmphasis {
        let index = index(atRow: row)
        if entries.opensAsDirectory(at: index) { return .strong }
        if entries.isHidden(at: index) || entries.isDanglingLink(at: index) { return .muted }
        return .normal
    }

    /// The names' bytes are matched in place: no text is made per row.
    package func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        entries.positions(in: rows, among: candidates) { query.matches(utf8: $0) }
    }
}
