import Curses

/// Which keys mean "back" (dismiss the top modal, else pop). Configurable per
/// app; the default follows CONVENTIONS.md.
public struct BackKeys: Sendable {
    public var keys: Set<Key>

    public init(_ keys: Set<Key>) { self.keys = keys }

    public static let standard = BackKeys([.escape, .backspace, .left, .character("h")])

    public func contains(_ key: Key) -> Bool { keys.contains(key) }
}
