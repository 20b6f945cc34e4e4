import Foundation

/// Case-insensitive substring search for the list filter. Filtering a
/// million titles runs this a million times, so ASCII queries compare UTF-8
/// bytes directly; anything else goes through Foundation.
enum TextMatcher {
    /// Where `query` first occurs in `text`, ignoring case; nil when it does not.
    static func range(of query: String, in text: String) -> Range<String.Index>? {
        guard !query.isEmpty else { return nil }
        let needle = Array(query.utf8)
        guard needle.allSatisfy({ $0 < 0x80 }) else {
            return text.range(of: query, options: .caseInsensitive)
        }
        let lowered = needle.map(lowercase)
        var text = text
        let found: Int? = text.withUTF8 { haystack in firstOffset(of: lowered, in: haystack) }
        guard let found else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found)
        return start..<utf8.index(start, offsetBy: needle.count)
    }

    static func matches(_ query: String, _ text: String) -> Bool { range(of: query, in: text) != nil }

    private static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        let first = needle[0]
        outer: for start in 0...(haystack.count - needle.count) where lowercase(haystack[start]) == first {
            for offset in 1..<needle.count where lowercase(haystack[start + offset]) != needle[offset] {
                continue outer
            }
            return start
        }
        return nil
    }

    @inline(__always)
    private static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
