import Foundation

/// Case-insensitive substring search for the list filter. Filtering a
/// million titles runs this a million times, so ASCII queries compare UTF-8
/// bytes directly; anything else goes through Foundation.
enum TextMatcher {
    /// A query prepared once, so that matching it against a million titles
    /// allocates nothing per title.
    struct Needle {
        let query: String
        /// The lowercased bytes of an ASCII query; nil for any other query.
        let asciiBytes: [UInt8]?

        init(_ query: String) {
            self.query = query
            let bytes = Array(query.utf8)
            asciiBytes = bytes.allSatisfy { $0 < 0x80 } ? bytes.map(TextMatcher.lowercase) : nil
        }

        /// Where the query first occurs in `text`, ignoring case.
        func range(in text: String) -> Range<String.Index>? {
            guard !query.isEmpty else { return nil }
            guard let asciiBytes else { return text.range(of: query, options: .caseInsensitive) }
            var text = text
            let found: Int? = text.withUTF8 { haystack in TextMatcher.firstOffset(of: asciiBytes, in: haystack) }
            guard let found else { return nil }
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: found)
            return start..<utf8.index(start, offsetBy: asciiBytes.count)
        }

        func matches(_ text: String) -> Bool {
            guard !query.isEmpty else { return false }
            guard let asciiBytes else { return text.range(of: query, options: .caseInsensitive) != nil }
            var text = text
            return text.withUTF8 { haystack in TextMatcher.firstOffset(of: asciiBytes, in: haystack) != nil }
        }
    }

    /// Where `query` first occurs in `text`, ignoring case; nil when it does not.
    static func range(of query: String, in text: String) -> Range<String.Index>? {
        Needle(query).range(in: text)
    }

    static func matches(_ query: String, _ text: String) -> Bool { Needle(query).matches(text) }

    fileprivate static func firstOffset(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
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
    fileprivate static func lowercase(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
