#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import ShojiPresentation

/// Marks (space) and the operations on what is chosen: copy, cut, paste,
/// rename, trash. The coordinator confirms and carries them out.
extension DirectoryPresenter {
    /// Space: marks or unmarks the highlighted entry and moves down a row.
    package func toggleMark() {
        guard let entry = highlightedEntry, let row = row(named: entry.name) else { return }
        if marked.remove(entry.name) == nil { marked.insert(entry.name) }
        cellCache[index(atRow: row)] = nil
        view?.showEntries()
        if row + 1 < rows.count {
            selectedName = entries.name(at: index(atRow: row + 1))
            view?.select(row: row + 1)
        }
        view?.showFind(marked.isEmpty ? "no marks" : "\(marked.count) marked")
    }

    /// What an operation acts on: the marked entries still here, else the
    /// highlighted one.
    package var chosenPaths: [BytePath] {
        var names: [[UInt8]] = []
        if !marked.isEmpty {
            for index in rows {
                let name = entries.name(at: Int(index))
                if marked.contains(name) { names.append(name) }
            }
        }
        if !names.isEmpty { return names.map(path.appending) }
        return highlightedEntry.map { [path.appending($0.name)] } ?? []
    }

    /// Forgets the marks (an operation used them).
    package func clearMarks() {
        guard !marked.isEmpty else { return }
        marked.removeAll()
        cellCache.removeAll(keepingCapacity: true)
        view?.showEntries()
    }

    /// `y` (copy) or `d` (cut): the chosen entries are taken for `p`.
    package func take(moving: Bool) {
        let paths = chosenPaths
        guard !paths.isEmpty else { return }
        output?.directory(self, take: paths, moving: moving)
    }

    /// `p`: the taken entries come into this folder.
    package func paste() { output?.directoryDidAskToPaste(self) }

    /// `r`: rename the highlighted entry.
    package func renameHighlighted() {
        guard let entry = highlightedEntry else { return }
        output?.directory(self, rename: entry)
    }

    /// `D`, Delete: the chosen entries to the trash.
    package func trashChosen() {
        let paths = chosenPaths
        guard !paths.isEmpty else { return }
        output?.directory(self, trash: paths)
    }

    /// Reads the folder again after an operation, selecting `name` once read.
    package func reload(selecting name: [UInt8]) {
        selectedName = name
        reload()
    }
}
