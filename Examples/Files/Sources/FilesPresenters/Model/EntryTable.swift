import Foundation

/// Every entry of a directory in two flat arrays: all the names' bytes one
/// after another, and a 24-byte record per entry (where its name starts, its
/// length, kind, size and time). No `String` and no array per entry: at
/// 100,000 entries an array and a string each cost about 100 bytes more an
/// entry than the name's own bytes. A name becomes text only for the rows
/// drawn or matched; an entry becomes a `DirectoryEntry` when one is asked for.
package struct EntryTable: Sendable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// One entry: 24 bytes.
    package struct Record: Sendable {
        package var size: Int64
        package var modified: Int64
        /// Where the name starts in `names`.
        package var start: UInt32
        package var length: UInt16
        package var kind: EntryKind.Code
    }

    package private(set) var names: [UInt8] = []
    package private(set) var records: [Record] = []

    package init() {}

    package init(_ entries: some Sequence<DirectoryEntry>) {
        for entry in entries { append(entry) }
    }

    package init(arrayLiteral entries: DirectoryEntry...) { self.init(entries) }

    package mutating func reserveCapacity(_ count: Int) {
        records.reserveCapacity(count)
        names.reserveCapacity(count * 16)
    }

    package mutating func append(name: some Collection<UInt8>, kind: EntryKind, size: Int64, modified: Int) {
        let start = names.count
        names.append(contentsOf: name)
        records.append(Record(size: size, modified: Int64(modified), start: UInt32(start),
                              length: UInt16(names.count - start), kind: kind.code))
    }

    package mutating func append(_ entry: DirectoryEntry) {
        append(name: entry.name, kind: entry.kind, size: entry.size, modified: entry.modified)
    }

    package mutating func append(contentsOf other: EntryTable) {
        let shift = UInt32(names.count), first = records.count
        names.append(contentsOf: other.names)
        records.append(contentsOf: other.records)
        records.withUnsafeMutableBufferPointer { all in
            for index in first..<all.count { all[index].start += shift }
        }
    }

    /// The tables one after another, in arrays of exactly their size: a
    /// listing read in batches is copied once, not once per doubling.
    package init(joining tables: [EntryTable]) {
        records.reserveCapacity(tables.reduce(0) { $0 + $1.records.count })
        names.reserveCapacity(tables.reduce(0) { $0 + $1.names.count })
        for table in tables { append(contentsOf: table) }
    }

    package mutating func removeAll(keepingCapacity: Bool) {
        names.removeAll(keepingCapacity: keepingCapacity)
        records.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Keeps the first `count` entries.
    package mutating func truncate(to count: Int) {
        guard count < records.count else { return }
        names.removeSubrange(Int(records[count].start)...)
        records.removeSubrange(count...)
    }

    // MARK: RandomAccessCollection

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }

    /// The entry at `index`, made on demand (its name copied out).
    package subscript(index: Int) -> DirectoryEntry {
        let record = records[index]
        return DirectoryEntry(name: name(at: index), kind: EntryKind(code: record.kind), size: record.size,
                              modified: Int(record.modified))
    }

    // MARK: One field, without making an entry

    /// Calls `body` with the name's bytes in place.
    @inline(__always)
    package func withName<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let record = records[index]
        return names.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(record.start)..<Int(record.start) + Int(record.length)]))
        }
    }

    /// The positions in `rows` (indices into this table) whose name
    /// `matches`: all of them, or those among `candidates`. One pass with
    /// the arrays held open, names read in place.
    package func positions(in rows: [UInt32], among candidates: [Int]?,
                           whereName matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> [Int] {
        records.withUnsafeBufferPointer { records in
            names.withUnsafeBufferPointer { names in
                var found: [Int] = []
                guard let base = names.baseAddress else { return found }
                func test(_ position: Int) -> Bool {
                    let record = records[Int(rows[position])]
                    return matches(UnsafeBufferPointer(start: base + Int(record.start), count: Int(record.length)))
                }
                if let candidates {
                    for position in candidates where test(position) { found.append(position) }
                } else {
                    for position in rows.indices where test(position) { found.append(position) }
                }
                return found
            }
        }
    }

    package func name(at index: Int) -> [UInt8] { withName(at: index) { Array($0) } }

    /// The name as drawn (see `FileName.display`).
    package func displayName(at index: Int) -> String { withName(at: index) { FileName.display($0) } }

    package func hasName(_ name: [UInt8], at index: Int) -> Bool {
        withName(at: index) { $0.elementsEqual(name) }
    }

    package func kind(at index: Int) -> EntryKind { EntryKind(code: records[index].kind) }

    /// Whether the name starts with a dot.
    package func isHidden(at index: Int) -> Bool {
        let record = records[index]
        return record.length > 0 && names[Int(record.start)] == 0x2E
    }

    /// A link whose target is missing (or loops).
    package func isDanglingLink(at index: Int) -> Bool { records[index].kind == EntryKind.link }

    /// A directory, or a link to one.
    package func opensAsDirectory(at index: Int) -> Bool { EntryKind.opensAsDirectory(records[index].kind) }
}

extension EntryKind {
    /// A kind in one byte: the low nibble the entry's own kind (1...7, 8 a
    /// link), and for a link the high nibble its target's (0: missing).
    package typealias Code = UInt8

    static let link: Code = 8

    package var code: Code {
        switch self {
        case .directory: 1
        case .file: 2
        case .fifo: 3
        case .characterDevice: 4
        case .blockDevice: 5
        case .socket: 6
        case .other: 7
        case .symlink(let target): Self.link | ((target?.code).map { ($0 & 0x0F) << 4 } ?? 0)
        }
    }

    package init(code: Code) {
        switch code & 0x0F {
        case 1: self = .directory
        case 2: self = .file
        case 3: self = .fifo
        case 4: self = .characterDevice
        case 5: self = .blockDevice
        case 6: self = .socket
        case Self.link: self = .symlink(target: code >> 4 == 0 ? nil : EntryKind(code: code >> 4))
        default: self = .other
        }
    }

    /// `EntryKind(code:).resolved == .directory`, without making the kind.
    @inline(__always)
    package static func opensAsDirectory(_ code: Code) -> Bool {
        code == 1 || code == link | 1 << 4
    }
}
