import ShojiCurses

/// One thing a screen lets the user do: the keys that do it, a short label,
/// and whether the footer advertises it. The same declarations feed the
/// footer's hints, the help overlay and dispatch, so they cannot disagree.
@MainActor
public struct KeyBinding {
    /// The keys that run it; the first is the one the footer names.
    public let keys: [TerminalKey]
    /// What it does, in the footer and help.
    public let label: String
    /// Whether the footer lists it (help always does).
    public let showsInFooter: Bool
    /// What it does.
    public let action: @MainActor () -> Void

    /// A binding of `keys` to `action`.
    public init(_ keys: [TerminalKey], _ label: String, footer: Bool = true, action: @escaping @MainActor () -> Void) {
        self.keys = keys
        self.label = label
        self.showsInFooter = footer
        self.action = action
    }

    /// The keys as a footer or help screen names them: `↑/k`, `Enter`.
    public var keyNames: String { keys.map(\.description).joined(separator: "/") }
}

extension Array where Element == KeyBinding {
    /// Runs the first binding that has `key`; false when none does.
    @MainActor
    public func dispatch(_ key: TerminalKey) -> Bool {
        guard let binding = first(where: { $0.keys.contains(key) }) else { return false }
        binding.action()
        return true
    }
}
