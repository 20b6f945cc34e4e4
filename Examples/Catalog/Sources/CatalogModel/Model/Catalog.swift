/// A loaded catalogue: where it came from, its items in order, and lookup by id.
///
/// Items live in one of two representations behind the same API: decoded
/// files keep an array of items, while generated catalogues (up to millions
/// of items) store nothing per item and make each one on access, which keeps
/// 1,000,000 items at a few bytes of memory.
package struct Catalog: Sendable, RandomAccessCollection {
    /// A phrase for the Home screen: "embedded iPhone catalogue", a path or a URL.
    package let source: String
    private let storage: Storage

    private enum Storage: Sendable {
        case stored(items: [CatalogItem], indexByID: [String: Int])
        case generated(GeneratedItems)
    }

    /// A catalogue of `items`, whose ids should be unique (the first wins in lookups).
    package init(source: String, items: [CatalogItem]) {
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(items.count)
        for (index, item) in items.enumerated() where indexByID[item.id] == nil {
            indexByID[item.id] = index
        }
        self.source = source
        self.storage = .stored(items: items, indexByID: indexByID)
    }

    /// `count` deterministic synthetic items, made on access (see GeneratedItems).
    package static func generated(count: Int) -> Catalog {
        Catalog(source: "\(count.groupedDigits) generated items", generated: GeneratedItems(count: Swift.max(0, count)))
    }

    private init(source: String, generated: GeneratedItems) {
        self.source = source
        self.storage = .generated(generated)
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .stored(let items, _): items.count
        case .generated(let generated): generated.count
        }
    }

    package subscript(position: Int) -> CatalogItem {
        switch storage {
        case .stored(let items, _): items[position]
        case .generated(let generated): generated.item(at: position)
        }
    }

    /// The title at `position` without building the item's fields; for
    /// generated items it is a small string (no heap allocation).
    package func title(at position: Int) -> String {
        switch storage {
        case .stored(let items, _): items[position].title
        case .generated(let generated): generated.title(at: position)
        }
    }

    /// The year at `position` without building a generated item's fields.
    package func year(at position: Int) -> Int? {
        switch storage {
        case .stored(let items, _): items[position].year
        case .generated(let generated): generated.year(at: position)
        }
    }

    /// The positions among `candidates` (every position when nil) whose title
    /// satisfies `isMatch`, in the order given. One loop over the storage,
    /// chosen once, rather than a lookup per title.
    package func positions(among candidates: [Int]?, whereTitle isMatch: (String) -> Bool) -> [Int] {
        positions(among: candidates) { _, title in isMatch(title) }
    }

    /// The positions among `candidates` (every position when nil) whose title
    /// or year, as the list shows them, satisfies `isMatch`, in the order
    /// given: the list filter's search. A year is tested once per distinct
    /// year, not once per row.
    package func positions(among candidates: [Int]?, whereTitleOrYear isMatch: (String) -> Bool) -> [Int] {
        var yearMatches: [Int: Bool] = [:]
        return positions(among: candidates) { position, title in
            if isMatch(title) { return true }
            guard let year = year(at: position) else { return false }
            if let known = yearMatches[year] { return known }
            let matches = isMatch(String(year))
            yearMatches[year] = matches
            return matches
        }
    }

    /// The positions among `candidates` (all when nil) for which `isMatch`
    /// holds, given each position and its title.
    private func positions(among candidates: [Int]?, where isMatch: (Int, String) -> Bool) -> [Int] {
        switch storage {
        case .stored(let items, _):
            // Through a buffer pointer: no bounds check per title.
            return items.withUnsafeBufferPointer { items in
                var found: [Int] = []
                if let candidates {
                    for position in candidates where isMatch(position, items[position].title) { found.append(position) }
                } else {
                    for position in items.indices where isMatch(position, items[position].title) { found.append(position) }
                }
                return found
            }
        case .generated(let generated):
            return generated.positions(among: candidates, where: isMatch)
        }
    }

    package func id(at position: Int) -> String {
        switch storage {
        case .stored(let items, _): items[position].id
        case .generated(let generated): generated.id(at: position)
        }
    }

    package func index(ofID id: String) -> Int? {
        switch storage {
        case .stored(_, let indexByID): indexByID[id]
        case .generated(let generated): generated.index(ofID: id)
        }
    }

    package func item(withID id: String) -> CatalogItem? {
        index(ofID: id).map { self[$0] }
    }
}
