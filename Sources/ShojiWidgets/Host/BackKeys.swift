import ShojiCurses

/// Which keys mean "back" (dismiss the top modal, else pop). Configurable per
/// app; the default is Esc, Backspace, Left and `h` (the article "Keys and
/// conventions").
public struct BackKeys: Sendable {
    /// In the order help screens list them.
    public var keys: [TerminalKey]

    public init(_ keys: [TerminalKey]) { self.keys = keys }

    public static let standard = BackKeys([.escape, .backspace, .left, .character("h")])

    public func contains(_ key: TerminalKey) -> Bool { keys.contains(key) }
}
