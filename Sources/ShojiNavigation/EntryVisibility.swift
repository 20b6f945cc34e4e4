/// How much of an entry the user gets: the basis for every lifecycle event.
enum EntryVisibility: Int, Comparable {
    case hidden
    /// Drawn, but a modal above it takes the keys.
    case visible
    /// Drawn and receiving keys: the top of a displayed stack.
    case focused

    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    var isShown: Bool { self != .hidden }

    /// A full-screen entry hides everything below it; modals are drawn over the
    /// entry below. The root counts as full screen whatever its style.
    @MainActor
    static func of(_ entries: [RouterEntry], displayed: Bool) -> [ObjectIdentifier: EntryVisibility] {
        var result: [ObjectIdentifier: EntryVisibility] = [:]
        let base = entries.lastIndex { $0.style == .push } ?? 0
        for (index, entry) in entries.enumerated() {
            result[entry.id] =
                if !displayed || index < base { .hidden }
                else if index == entries.count - 1 { .focused }
                else { .visible }
        }
        return result
    }
}
