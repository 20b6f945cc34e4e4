import Foundation

extension EntryTable {
    /// `indices` in the listing's order: directories first, then by `order`;
    /// names by bytes with ASCII case folded (fast on 100,000 names, and
    /// stable for names that are not UTF-8), equal names in the order read.
    /// For the sort alone, a key of 24 bytes per entry and a folded copy of
    /// the names (memcmp compares them), because reading the records in
    /// place in every comparison is slower (Benchmarks/HISTORY.md, "2026-11-28:
    /// the listing as two arrays (`EntryTable`)"). Not on
    /// the main actor: a comparison closure made there is checked for its
    /// actor on every call.
    package func sorted(_ indices: [UInt32], by order: EntrySort, ascending: Bool) -> [UInt32] {
        struct Key {
            var number: Int64
            var start: UInt32
            var index: UInt32
            var length: UInt16
            var directory: Bool
        }
        var keys: [Key] = []
        keys.reserveCapacity(indices.count)
        for index in indices {
            let record = records[Int(index)]
            let number = order == .size ? record.size : order == .time ? record.modified : 0
            keys.append(Key(number: number, start: record.start, index: index, length: record.length,
                            directory: EntryKind.opensAsDirectory(record.kind)))
        }
        var folded = names
        folded.withUnsafeMutableBufferPointer { bytes in
            for offset in bytes.indices { bytes[offset] = Self.fold(bytes[offset]) }
        }
        let byName = order == .name
        folded.withUnsafeBufferPointer { buffer in
            // An empty table's names have no address, and no comparison reads them.
            let base = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
            keys.sort { x, y in
                if x.directory != y.directory { return x.directory }
                if !byName, x.number != y.number { return ascending ? x.number < y.number : x.number > y.number }
                var c = Int32(memcmp(base + Int(x.start), base + Int(y.start), Int(Swift.min(x.length, y.length))))
                if c == 0 { c = Int32(x.length) - Int32(y.length) }
                if c != 0 { return byName && !ascending ? c > 0 : c < 0 }
                return x.index < y.index
            }
        }
        return keys.map(\.index)
    }

    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }
}
