extension KeyBinding {
    /// How much the footer wants to keep a binding when the line is too
    /// narrow for every one (`FooterBar`): it drops the least important
    /// first and, among bindings of the same importance, the one furthest
    /// right (declared last) first, keeps the rest in their order, and puts
    /// a `…` where it dropped some; help lists them all.
    ///
    /// The frame's help and quit are ``essential`` (the way to every other
    /// key, and the way out) and back is ``high``, so a screen with many
    /// keys loses its own last keys before those. A screen marks a key
    /// the user needs most ``high`` and a rarely used one ``low``:
    ///
    ///     bind([.character("c")], "commit", importance: .high) { [weak self] in self?.presenter.commit() }
    public enum Importance: Int, Comparable, Sendable {
        /// Dropped before any other.
        case low
        /// What a binding is unless it says (a widget's keys, a screen's).
        case normal
        /// Kept before normal ones: back, a screen's main actions.
        case high
        /// Kept while anything is: the frame's help and quit.
        case essential

        /// The less important first.
        public static func < (lhs: Importance, rhs: Importance) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
