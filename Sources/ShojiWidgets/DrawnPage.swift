import ShojiCurses

/// Where a list's page was drawn last, in its panel, so that moving the
/// selection inside that page redraws the two rows that changed instead of
/// the page: what the floor of a curses program does, and most of what a
/// Down costs otherwise. Recorded by whoever draws the rows (the list, or
/// the table around it).
struct DrawnPage: Equatable {
    /// The panel row of the page's first line.
    var top: Int
    /// The first row shown (the scroll offset at that draw).
    var scrollOffset: Int
    /// How many rows the page shows.
    var height: Int
    /// How many rows the view had (a filter or a reload changes it).
    var count: Int
    /// Other panel rows that show the selection's position ("12/51" in a
    /// table's status line): drawn again whenever the selection moves.
    var positionRows: [Int] = []

    /// The panel rows to draw again after the selection moved from
    /// `previous` to `selected`, or nil when the page itself changed (it
    /// scrolled, or the rows shown are not the ones drawn): then everything
    /// is drawn. Empty when nothing moved.
    func rowsChanged(bySelecting selected: Int, from previous: Int, scrollOffset: Int, count: Int) -> [Int]? {
        guard count == self.count, scrollOffset == self.scrollOffset,
              (scrollOffset..<scrollOffset + height).contains(selected),
              (scrollOffset..<scrollOffset + height).contains(previous), selected < count, previous < count
        else { return nil }
        guard selected != previous else { return [] }
        return [top + previous - scrollOffset, top + selected - scrollOffset] + positionRows
    }
}
