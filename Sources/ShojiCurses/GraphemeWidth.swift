/// The width of a grapheme cluster of more than one scalar, as one cell.
///
/// wcwidth(3) measures scalars; a terminal draws clusters. An emoji ZWJ
/// sequence (👩‍💻), a flag (two regional indicators), an emoji with VS16
/// (❤️), a keycap (1️⃣) or a skin tone (👍🏽) is one picture two columns
/// wide, whatever its scalars add up to. Combining marks add nothing.
enum GraphemeWidth {
    /// The one cell `scalars` (a whole cluster) draws as, or nil when the
    /// cluster must be drawn scalar by scalar: it starts with a control or a
    /// mark, so each of its scalars stays visible on its own.
    static func cell(for scalars: String.UnicodeScalarView) -> TextCell? {
        guard let first = scalars.first else { return nil }
        let (shown, firstWidth) = DisplayText.visible(first)
        guard firstWidth > 0, shown == first, first.value >= 0x20 else { return nil }
        if isEmojiSequence(scalars, first: first) {
            // One picture: kept whole (the canvas writes it whole, see
            // `Canvas`), up to a bound so a cluster of a thousand joiners
            // costs what a short one does.
            return TextCell(scalars: Array(scalars.prefix(maximumScalars)), width: 2)
        }
        // A letter with its marks: curses keeps a spacing character and the
        // zero-width ones after it (at most 5 in all); so do we, and the cell
        // still takes the cluster's columns.
        var kept: [Unicode.Scalar] = [first]
        for scalar in scalars.dropFirst() {
            guard kept.count < 5 else { break }
            let (mark, markWidth) = DisplayText.visible(scalar)
            guard markWidth == 0, mark == scalar else { break }
            kept.append(scalar)
        }
        return TextCell(scalars: kept, width: firstWidth)
    }

    /// Whether `cell` is an emoji sequence's picture (a cluster of several
    /// scalars that starts with an emoji or a regional indicator): terminals
    /// disagree on how wide they draw these.
    static func isEmojiCell(_ cell: TextCell) -> Bool {
        guard cell.scalars.count > 1, let first = cell.scalars.first else { return false }
        return first.properties.isEmoji || isRegionalIndicator(first)
    }

    /// The most scalars an emoji cell keeps (the longest standard sequences,
    /// a family of four or a subdivision flag, have 7).
    static let maximumScalars = 16

    private static func isEmojiSequence(_ scalars: String.UnicodeScalarView, first: Unicode.Scalar) -> Bool {
        if isRegionalIndicator(first) { return scalars.dropFirst().contains(where: isRegionalIndicator) }
        guard first.properties.isEmoji else { return false }
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F, 0x200D, 0x20E3, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
            default: continue
            }
        }
        return false
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
