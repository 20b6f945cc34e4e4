/// Where Tab and Shift-Tab move the keys among panes: the one rule a
/// layout's panes (`LayoutWidget`) and a split's columns
/// (``SplitContainer/otherColumn``) both follow, so the two cannot drift.
package enum PaneCycle {
    /// The first pane `step` places on from `start` (wrapping around
    /// `count` panes) that `canFocus`; nil when that is `focused` itself
    /// (there is no other) or when none can.
    package static func next(from start: Int, by step: Int, count: Int, focused: Int?,
                             canFocus: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        for offset in 1...count {
            let index = ((start + step * offset) % count + count) % count
            guard canFocus(index) else { continue }
            return index == focused ? nil : index
        }
        return nil
    }
}
