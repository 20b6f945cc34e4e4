/// A list screen ready to use: a `ListWidget` filled from a presenter's rows,
/// with a loading state (a spinner), an empty state, the `/` filter and
/// Enter to choose, and clicks (a click selects, a double click chooses).
/// Add a screen's own keys with `bind(_:_:footer:when:action:)`, in a
/// subclass's initialiser or on the view as it is.
///
/// It is the passive half of a list module: the presenter (a
/// `ListScreenRows`) says what to show through the methods below and hears
/// the user's choice through `didChoose(index:)` and every change of the
/// highlighted item through `didHighlight(index:)` (nil when none shows).
/// The view reports; it is never asked what is selected.
@MainActor
open class ListScreenView: PanelView {
    /// The list widget, for its options (`openLabel`, `emptyMessage`) and state.
    public let list: ListWidget
    private let clock: (any LoopClock)?

    /// A list screen over `rows`.
    ///
    /// - Parameters:
    ///   - title: the screen's title, in the breadcrumb.
    ///   - rows: the presenter: the rows, and what choosing one means.
    ///   - clock: drives the spinner while loading; nil shows no spinner.
    ///   - routeComponent: what the list adds to route paths (`tasks`), if any.
    public init(title: String, rows: any ListScreenRows, clock: (any LoopClock)? = nil, routeComponent: String? = nil) {
        self.clock = clock
        list = ListWidget(dataSource: PresenterListDataSource(rows: rows))
        // The data source tells the presenter of highlights and choices.
        super.init(title: title, routeComponent: routeComponent)
        list.progressWidget.clock = clock
        content = list
        // Rows the presenter already has: it hears which one is highlighted.
        list.reloadData()
    }

    /// The rows are loading: a spinner, keys still work.
    public func showLoading() {
        list.isLoading = true
        if let clock { list.spinner.start(clock: clock) }
    }

    /// How far loading has come, in the line where the spinner draws: a bar
    /// with the percentage and counts when the total is known, else a
    /// spinner with the count and the time so far. Nil ends the loading
    /// state (call `showRows()` or `showEmpty(message:)` with the result).
    public func showProgress(_ progress: WorkProgress?) {
        list.progressWidget.progress = progress
        if progress != nil {
            list.spinner.stop()
            list.isLoading = true
        } else {
            list.isLoading = false
        }
    }

    /// The rows changed (loaded, added, removed): the list asks again, keeping
    /// the selection where it can.
    public func showRows() {
        list.spinner.stop()
        list.progressWidget.progress = nil
        list.isLoading = false
        list.reloadData()
    }

    /// Nothing to show, and why.
    public func showEmpty(message: String) {
        list.spinner.stop()
        list.progressWidget.progress = nil
        list.isLoading = false
        list.emptyMessage = message
        list.reloadData()
    }

    /// Selects the row at `index` (after a pop, or for a deep link).
    public func select(index: Int) { list.selectedIndex = index }
}
