import ShojiNavigation

/// One pane of a screen's focus chain: the column of a split it is in (nil
/// outside a split) and its path of child indices through the layouts that
/// fill that column's screen (or the screen); an empty path when the screen
/// there is one pane.
struct FocusStop: Equatable {
    let column: SplitContainer.Column?
    let path: [Int]
}
