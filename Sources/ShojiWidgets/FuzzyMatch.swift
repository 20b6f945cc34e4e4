/// How well a command palette's query matches a label: the query's
/// characters must appear in the label in order, ignoring case (`flt` finds
/// "filter"), and the closer they sit to a plain prefix the better the
/// match ranks. Small and unhurried: a palette holds tens of labels, not a
/// million rows (the list's `/` filter keeps its substring search).
struct FuzzyMatch: Comparable {
    /// How the query sits in the label, best first.
    enum Kind: Int, Comparable {
        /// One run at the label's start: `fil` in "filter".
        case prefix
        /// One run at the start of a later word: `sort` in "Sort by year",
        /// `year` in it.
        case wordStart
        /// One run inside a word: `ter` in "filter".
        case substring
        /// Scattered, every run starting a word: `sby` in "Sort by year".
        case wordInitials
        /// Scattered anywhere: `flt` in "filter".
        case scattered

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let kind: Kind
    /// The matched characters' offsets in the label, for highlighting.
    let offsets: [Int]

    /// Orders by kind only: equal kinds keep the order they were declared in
    /// (the ranking sorts stably).
    static func < (lhs: FuzzyMatch, rhs: FuzzyMatch) -> Bool { lhs.kind < rhs.kind }
    static func == (lhs: FuzzyMatch, rhs: FuzzyMatch) -> Bool { lhs.kind == rhs.kind }

    /// The match of `query` in `label`; nil when the query's characters do
    /// not all appear in order (an empty query matches nothing).
    init?(_ query: String, in label: String) {
        let needle = query.map(Self.fold)
        let haystack = label.map(Self.fold)
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        let starts = Self.wordStarts(in: Array(label))
        if let run = Self.bestRun(of: needle, in: haystack, wordStarts: starts) {
            kind = run == 0 ? .prefix : starts.contains(run) ? .wordStart : .substring
            offsets = Array(run..<(run + needle.count))
            return
        }
        if let initials = Self.subsequence(needle, in: haystack, preferring: starts),
           initials.enumerated().allSatisfy({ index, offset in
               starts.contains(offset) || (index > 0 && initials[index - 1] == offset - 1)
           }) {
            kind = .wordInitials
            offsets = initials
            return
        }
        guard let scattered = Self.subsequence(needle, in: haystack, preferring: []) else { return nil }
        kind = .scattered
        offsets = scattered
    }

    /// Where `needle` occurs whole: at a word start if it does anywhere
    /// (the start itself first), else its first place.
    private static func bestRun(of needle: [String], in haystack: [String], wordStarts: Set<Int>) -> Int? {
        let places = (0...(haystack.count - needle.count)).filter { start in
            haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
        return places.first(where: wordStarts.contains) ?? places.first
    }

    /// The query's characters in order, each taken at the next word start
    /// that has it when `preferring` holds one (else the next occurrence);
    /// a character that continues the previous one is taken in place.
    private static func subsequence(_ needle: [String], in haystack: [String], preferring starts: Set<Int>) -> [Int]? {
        var offsets: [Int] = []
        var position = 0
        for character in needle {
            let rest = position..<haystack.count
            let continues = offsets.last.map { $0 + 1 == position && position < haystack.count && haystack[position] == character } ?? false
            let atWordStart = rest.first { starts.contains($0) && haystack[$0] == character }
            guard let found = continues ? position : atWordStart ?? rest.first(where: { haystack[$0] == character })
            else { return nil }
            offsets.append(found)
            position = found + 1
        }
        return offsets
    }

    /// Offsets that begin a word: the first character, one after a space or
    /// punctuation, and an upper-case letter after a lower-case one.
    private static func wordStarts(in characters: [Character]) -> Set<Int> {
        var starts: Set<Int> = []
        for (offset, character) in characters.enumerated() where !character.isWhitespace {
            guard offset > 0 else { starts.insert(0); continue }
            let previous = characters[offset - 1]
            if previous.isWhitespace || previous.isPunctuation || previous.isSymbol
                || (character.isUppercase && previous.isLowercase) {
                starts.insert(offset)
            }
        }
        return starts
    }

    private static func fold(_ character: Character) -> String { character.lowercased() }
}
