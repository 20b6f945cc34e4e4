import ShojiCore

extension Int {
    /// "1000000" -> "1,000,000", independent of the process locale (which is
    /// process-wide and set for curses, not for us): the framework's grouping,
    /// so the app writes counts as its lists do.
    package var groupedDigits: String { ProgressText.count(self) }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension String {
    /// At most `limit` characters of the string for the screen, with a note
    /// of how long it really is when cut. Catalogue text is data: a 10 MB
    /// field must not cost 10 MB of layout on every draw.
    package func shown(limit: Int) -> String {
        // Bytes are never fewer than characters: most strings stop here.
        guard utf8.count > limit else { return self }
        let kept = prefix(limit)
        guard kept.endIndex < endIndex else { return self }
        return String(kept) + "… (cut: \(utf8.count.groupedDigits) bytes in all)"
    }
}
