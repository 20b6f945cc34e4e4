import ShojiCore

/// Email normalisation and a deliberately simple validity check: enough to
/// catch typos in a sign-up form, not an RFC 5322 parser.
enum EmailAddress {
    /// Trimmed and lowercased, so "  Ann@Example.COM " and "ann@example.com"
    /// are one account.
    static func normalise(_ text: String) -> String {
        text.trimmingWhitespace().lowercased()
    }

    /// One `@`, a non-empty local part, a domain with an inner dot, at most
    /// 254 bytes, and no whitespace, control or invisible characters: an
    /// account name is shown to others and written to logs, where U+202E
    /// (right-to-left override) or a zero-width space could pass one
    /// account off as another.
    static func isValid(_ normalised: String) -> Bool {
        guard normalised.utf8.count <= 254 else { return false }
        guard !normalised.unicodeScalars.contains(where: { $0.properties.isWhitespace || ControlCharacters.needsEscape($0) }) else {
            return false
        }
        let parts = normalised.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
