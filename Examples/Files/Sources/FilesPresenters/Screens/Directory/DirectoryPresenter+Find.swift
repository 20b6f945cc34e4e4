#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import ShojiPresentation

/// Find (`f`), then `n` and `N`: the names matching, from the selected row on.
extension DirectoryPresenter {
    /// The user asked to find an entry: the route asks what for.
    package func askToFind() { output?.directoryDidAskToFind(self) }

    /// Looks for `text` in the names, from the selected row on (wrapping):
    /// the selection moves to the first match, the status says which of how many.
    package func find(_ text: String) {
        findQuery = TextQuery(text)
        findNext(forward: true, includingCurrent: true)
    }

    /// The next (`n`) or previous (`N`) entry matching the last find,
    /// wrapping; false when nothing was looked for yet.
    @discardableResult
    package func findNext(forward: Bool, includingCurrent: Bool = false) -> Bool {
        guard let query = findQuery else { return false }
        let matches = indices(matching: query, among: nil)
        guard !matches.isEmpty else {
            view?.showFind("“\(query.text)”: no entry matches")
            return true
        }
        let current = highlightedEntry.flatMap { row(named: $0.name) } ?? -1
        let target: Int
        if forward {
            target = matches.first { includingCurrent ? $0 >= current : $0 > current } ?? matches[0]
        } else {
            target = matches.last { $0 < current } ?? matches[matches.count - 1]
        }
        selectedName = entries.name(at: index(atRow: target))
        view?.select(row: target)
        let position = (matches.firstIndex(of: target) ?? 0) + 1
        view?.showFind("“\(query.text)”: \(position) of \(matches.count)")
        return true
    }
}
