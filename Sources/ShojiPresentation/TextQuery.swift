#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What the list filter looks for: a case-insensitive substring, prepared
/// once so that matching it against a million titles allocates nothing per
/// title. An ASCII query compares UTF-8 bytes directly; any other query
/// compares characters lowercased by the standard library (no Foundation, so
/// no ICU in the binary).
///
/// A value type and not isolated to an actor, so a data source can match
/// titles in a plain loop wherever it keeps them (see
/// `ListDataSource.indices(matching:among:)`).
public struct TextQuery: Sendable, Hashable {
    /// The query as typed.
    public let text: String
    /// The lowercased bytes of an ASCII query; nil for any other query.
    private let foldedBytes: [UInt8]?
    /// The query's first byte in both cases, which the search scans for.
    private let firstLower: UInt8, firstUpper: UInt8

    /// A query for `text`, matched case-insensitively.
    public init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        let folded = bytes.allSatisfy { $0 < 0x80 } ? bytes.map(Self.fold) : nil
        foldedBytes = folded
        firstLower = folded?.first ?? 0
        firstUpper = firstLower &- 0x61 < 26 ? firstLower & ~0x20 : firstLower
    }

    /// Whether the query is empty (matches everything).
    public var isEmpty: Bool { text.isEmpty }

    /// Queries are equal when their text is.
    public static func == (lhs: TextQuery, rhs: TextQuery) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Whether `candidate` contains the query, ignoring case. An empty query
    /// matches nothing (an empty filter is no filter).
    public func matches(_ candidate: String) -> Bool {
        guard !text.isEmpty else { return false }
        guard foldedBytes != nil else { return Self.lowercasedRange(of: text, in: candidate) != nil }
        return firstOffset(in: candidate) != nil
    }

    /// Whether the UTF-8 bytes `candidate` contain the query, ignoring case,
    /// as `matches` does on `String(decoding: candidate, as: UTF8.self)`
    /// (ill-formed bytes are the U+FFFD they are drawn as): for a data
    /// source that keeps its texts as bytes, so that no string is made per
    /// row for an ASCII query.
    public func matches(utf8 candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !text.isEmpty else { return false }
        guard foldedBytes != nil else { return matches(String(decoding: candidate, as: UTF8.self)) }
        return firstOffset(in: candidate) != nil
    }

    /// Where the query first occurs in `candidate`, ignoring case: the part a
    /// list highlights.
    public func range(in candidate: String) -> Range<String.Index>? {
        guard !text.isEmpty else { return nil }
        guard let foldedBytes else { return Self.lowercasedRange(of: text, in: candidate) }
        guard let found = firstOffset(in: candidate) else { return nil }
        let utf8 = candidate.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found)
        return start..<utf8.index(start, offsetBy: foldedBytes.count)
    }

    /// Where `query` first occurs in `candidate`, comparing characters
    /// lowercased (full Unicode case mapping): the path of a non-ASCII query.
    private static func lowercasedRange(of query: String, in candidate: String) -> Range<String.Index>? {
        let needle = query.map { $0.lowercased() }
        let indices = Array(candidate.indices)
        guard needle.count <= indices.count else { return nil }
        let lowered = candidate.map { $0.lowercased() }
        for start in 0...(indices.count - needle.count)
        where lowered[start..<(start + needle.count)].elementsEqual(needle) {
            let end = start + needle.count
            return indices[start]..<(end < indices.count ? indices[end] : candidate.endIndex)
        }
        return nil
    }

    /// The first UTF-8 offset of an ASCII query in `candidate`. Inlined into
    /// `matches`, so that a million calls pay for no wrapper and no copy of
    /// the query's bytes.
    @inline(__always)
    private func firstOffset(in candidate: String) -> Int? {
        if let found = candidate.utf8.withContiguousStorageIfAvailable({ firstOffset(in: $0) }) { return found }
        var contiguous = candidate  // a bridged string: made contiguous once
        return contiguous.withUTF8 { firstOffset(in: $0) }
    }

    /// Scans for the first byte in either case (two compares a byte, no
    /// folding), then compares the rest folded. Bytes of non-ASCII characters
    /// are never folded, so they cannot match an ASCII query.
    @inline(__always)
    private func firstOffset(in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let needle = foldedBytes, let base = haystack.baseAddress else { return nil }
        let count = needle.count
        guard count > 0, count <= haystack.count else { return nil }
        // Wrapping arithmetic: the bounds above keep every offset in range,
        // and overflow checks in this loop cost as much as the compares.
        return needle.withUnsafeBufferPointer { needle in
            let lower = firstLower, upper = firstUpper
            let end = base + (haystack.count &- count &+ 1)
            var position = base
            while position < end {
                let byte = position.pointee
                if byte == lower || byte == upper {
                    var offset = 1
                    while offset < count, Self.fold(position[offset]) == needle[offset] { offset &+= 1 }
                    if offset == count { return position - base }
                }
                position += 1
            }
            return nil
        }
    }

    /// ASCII `A`-`Z` to `a`-`z`; every other byte as it is.
    @inline(__always)
    private static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
