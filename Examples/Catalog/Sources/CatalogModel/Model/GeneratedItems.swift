/// Synthetic items for measuring (`--generate N`), computed from their index.
///
/// Nothing is stored per item: a hash of the index picks a brand, model
/// number, variant, date and specs, so the same N always gives the same items
/// and 1,000,000 of them cost no memory. Titles are at most 15 UTF-8 bytes,
/// which Swift keeps inline in the String (no heap allocation per access).
/// Ids are `item-1` ... `item-N`, so lookup by id is arithmetic.
struct GeneratedItems: Sendable {
    let count: Int

    private static let brands = ["Aster", "Boreal", "Cirrus", "Dynamo", "Ember", "Fathom", "Galena", "Helix",
                                 "Iris", "Juno", "Kestrel", "Lumen", "Mistral", "Nimbus", "Onyx", "Pulsar"]
    private static let variants = ["", " Pro", " Max", " Lite", " Mini", " Plus", " Neo", " Air"]
    private static let chipSuffixes = ["", " Bionic", " Pro", " Fusion"]
    private static let baseStorage = [16, 32, 64, 128, 256]
    private static let idPrefix = "item-"

    func title(at index: Int) -> String { Self.titles[Self.titleSlot(index)] }

    /// Where the title of `index` is in `titles`: its brand, model and variant.
    private static func titleSlot(_ index: Int) -> Int {
        let hash = hash(index)
        let brand = Int(hash & 15)
        let model = Int((hash >> 8) % 99)
        let variant = Int((hash >> 16) & 7)
        return (brand * 99 + model) * variants.count + variant
    }

    /// The indices among `candidates` (all when nil) for which `isMatch`
    /// holds, given each index and its title: `title(at:)` in a loop, with
    /// the table looked up once.
    func positions(among candidates: [Int]?, where isMatch: (Int, String) -> Bool) -> [Int] {
        // Through a buffer pointer: no bounds check per title, so that a
        // search is the comparisons alone (Benchmarks/HISTORY.md,
        // "`GeneratedItems.positions(among:where:)`").
        Self.titles.withUnsafeBufferPointer { titles in
            var found: [Int] = []
            if let candidates {
                for index in candidates where isMatch(index, titles[Self.titleSlot(index)]) { found.append(index) }
            } else {
                for index in 0..<count where isMatch(index, titles[Self.titleSlot(index)]) { found.append(index) }
            }
            return found
        }
    }

    /// Every title there can be (16 brands x 99 models x 8 variants), made
    /// once: the list filter reads a million titles per keystroke, and a table
    /// lookup is far cheaper than building each string again.
    private static let titles: [String] = brands.flatMap { brand in
        (1...99).flatMap { model in variants.map { brand + " " + String(model) + $0 } }
    }

    /// The announcement year alone, for list rows (no record is built).
    func year(at index: Int) -> Int {
        2007 + Int((Self.hash(index) >> 24) % 19)
    }

    func id(at index: Int) -> String {
        Self.idPrefix + String(index + 1)
    }

    /// The index of `item-K` when 1 <= K <= count and K is written canonically.
    func index(ofID id: String) -> Int? {
        guard id.hasPrefix(Self.idPrefix) else { return nil }
        let digits = id.dropFirst(Self.idPrefix.count)
        guard let number = Int(digits), number >= 1, number <= count, String(number) == digits else { return nil }
        return number - 1
    }

    func item(at index: Int) -> CatalogItem {
        precondition(index >= 0 && index < count, "generated item index \(index) out of 0..<\(count)")
        let record = record(at: index)
        return CatalogItem(id: id(at: index), title: record.name ?? "", year: record.year, fields: record.fields)
    }

    /// The full record, built only when an item's detail is needed.
    func record(at index: Int) -> PhoneRecord {
        let hash = Self.hash(index)
        let year = year(at: index)
        let month = Int((hash >> 29) % 12) + 1
        let day = Int((hash >> 33) % 28) + 1
        let generation = Int((hash >> 38) % 17) + 4
        let tenthsOfInch = 40 + Int((hash >> 43) % 30)
        let baseIndex = Int((hash >> 49) % UInt64(Self.baseStorage.count))
        let optionCount = Int((hash >> 52) % 3) + 2
        let price = 299 + 50 * Int((hash >> 54) % 25)
        return PhoneRecord(
            id: id(at: index),
            name: title(at: index),
            announced: "\(year)-\(String(month).leftPadded(to: 2))-\(String(day).leftPadded(to: 2))",
            chip: "Q\(generation)" + Self.chipSuffixes[Int((hash >> 60) & 3)],
            displayInches: "\(tenthsOfInch / 10).\(tenthsOfInch % 10)",
            storageGB: (0..<optionCount).map { String(Self.baseStorage[baseIndex] << $0) },
            launchPriceUSD: String(price),
            note: "Synthetic item \((index + 1).groupedDigits) of \(count.groupedDigits), generated for measuring"
        )
    }

    /// SplitMix64's finaliser: a fixed, well-mixed function of the index.
    private static func hash(_ index: Int) -> UInt64 {
        var z = UInt64(truncatingIfNeeded: index) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
