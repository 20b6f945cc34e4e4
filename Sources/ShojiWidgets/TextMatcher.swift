/// One-off case-insensitive substring search, for callers with a single
/// title; the filter prepares a `TextQuery` once instead.
enum TextMatcher {
    /// Where `query` first occurs in `text`, ignoring case; nil when it does not.
    static func range(of query: String, in text: String) -> Range<String.Index>? {
        TextQuery(query).range(in: text)
    }

    static func matches(_ query: String, _ text: String) -> Bool { TextQuery(query).matches(text) }
}
