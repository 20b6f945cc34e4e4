import ShojiTesting
import Testing
import ShojiPresentation

/// The filter's matcher against the obvious definition: lowercase both (ASCII
/// letters only, as typed queries are) and look for the substring.
@Suite struct TextQueryTests {
    /// Where `query` first occurs in `text` with A-Z folded, as a UTF-8 offset.
    private func referenceOffset(_ query: String, _ text: String) -> Int? {
        let needle = Array(query.utf8).map(foldASCII), haystack = Array(text.utf8).map(foldASCII)
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    private func foldASCII(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }

    @Test func asciiQueriesAgreeWithTheReferenceOnAwkwardTitles() {
        let titles = ["Aster 12 Pro", "aaab", "AAAB", "ab", "b", "", "xxxxxxxxxxxxxxxxAB", "Ab ab AB",
                      "été Pro", "漢字 ProMax", "[`@{", "MAX", "Mistral 99 Plus", "as", "sa", "s"]
        let queries = ["a", "as", "AS", "aab", "ab", "b", "pro", "PROMAX", "[`", "@", "x", "plus", "s", "maxi",
                       "A", "xxab", " "]
        for query in queries {
            let prepared = TextQuery(query)
            for title in titles {
                let expected = referenceOffset(query, title)
                #expect(prepared.matches(title) == (expected != nil), "\(query) in \(title)")
                let range = prepared.range(in: title)
                #expect(range.map { title.utf8.distance(from: title.startIndex, to: $0.lowerBound) } == expected,
                        "\(query) in \(title)")
                if let range { #expect(title[range].lowercased() == query.lowercased()) }
            }
        }
    }

    @Test func seededRandomStringsAgreeWithTheReference() {
        var generator = SplitMix64(seed: 42)
        let alphabet = Array("aAbBsSzZ@[`{ 9éÉ".unicodeScalars)
        for _ in 0..<20_000 {
            let title = String(String.UnicodeScalarView((0..<Int(generator.next() % 24)).map { _ in
                alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }))
            let query = String((0..<Int(generator.next() % 3) + 1).map { _ in
                Character(alphabet[Int(generator.next() % 14)])  // ASCII only
            })
            #expect(TextQuery(query).matches(title) == (referenceOffset(query, title) != nil), "\(query) in \(title)")
        }
    }

    @Test func beyondAsciiLowercasedCharactersDecideAndAnEmptyQueryMatchesNothing() {
        #expect(TextQuery("ÉTÉ").matches("un été chaud"))
        #expect(TextQuery("ÉTÉ").range(in: "un ÉtÉ").map { "un ÉtÉ"[$0] } == "ÉtÉ")
        #expect(TextQuery("ΣΟΦ").matches("σοφία"))
        #expect(!TextQuery("été").matches("ét"))
        #expect(TextQuery("テキ").range(in: "漢字テキスト").map { "漢字テキスト"[$0] } == "テキ")
        #expect(!TextQuery("É").matches("Aster"))
        #expect(!TextQuery("").matches("anything"))
        #expect(TextQuery("").range(in: "anything") == nil)
        // Bytes of a non-ASCII character never match an ASCII query, even
        // where they equal ASCII with the high bit cleared (é is C3 A9, A9 is ")" + 0x80).
        #expect(!TextQuery(")").matches("é"))
        #expect(!TextQuery("C").matches("é"))
    }

    @Test func bytesMatchAsTheTextTheyDecodeTo() {
        // Ill-formed bytes (a lone lead byte before ASCII, a stray
        // continuation, an overlong) decode to U+FFFD, which no ASCII query
        // matches, and never swallow the ASCII after them.
        let candidates: [[UInt8]] = [Array("file-000123.txt".utf8), [0xC3, 0x41, 0x42], [0x80, 0x61, 0x62, 0xFF],
                                     [0xC0, 0xAF, 0x2F], Array("été Pro".utf8), [0x61, 0x1B, 0x5B, 0x32, 0x4A], []]
        let queries = ["ab", "AB", "b", "123.TXT", "/", "\u{FFFD}", "été", "ÉTÉ", "\u{1B}[2", "", "pro", "zz"]
        for query in queries {
            for bytes in candidates {
                let text = String(decoding: bytes, as: UTF8.self)
                let matched = bytes.withUnsafeBufferPointer { TextQuery(query).matches(utf8: $0) }
                #expect(matched == TextQuery(query).matches(text), "\(query) in \(bytes)")
            }
        }
        #expect([0xC3, 0x41, 0x42].withUnsafeBufferPointer { TextQuery("ab").matches(utf8: $0) })
        #expect([0xFF, 0xFE].withUnsafeBufferPointer { TextQuery("\u{FFFD}").matches(utf8: $0) })
    }
}
