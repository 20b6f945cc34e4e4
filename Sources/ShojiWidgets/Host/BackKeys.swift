import ShojiCurses

/// Which keys mean "back" (dismiss the top modal, else pop). Configurable per
/// app; the default is Esc, Backspace, Left and `h` (the article "Keys and
/// conventions").
public struct BackKeys: Sendable {
    /// In the order help screens list them.
    public var keys: [TerminalKey]

    /// Back keys `keys`.
    public init(_ keys: [TerminalKey]) { self.keys = keys }

    /// Esc, Backspace, Left and `h`.
    public static let standard = BackKeys([.escape, .backspace, .left, .character("h")])

    /// Whether `key` is a back key.
    public func contains(_ key: TerminalKey) -> Bool { keys.contains(key) }
}
