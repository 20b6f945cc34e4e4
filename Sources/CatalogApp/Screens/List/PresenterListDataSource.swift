import Widgets

/// Feeds a `ListWidget` from a presenter's rows, so the widget asks for the
/// visible rows only and never holds a copy of the catalogue.
@MainActor
final class PresenterListDataSource: ListDataSource {
    private let countProvider: () -> Int
    private let rowProvider: (Int) -> (title: String, secondary: String?)
    private let titleProvider: (Int) -> String

    init(count: @escaping () -> Int, row: @escaping (Int) -> (title: String, secondary: String?),
         title: @escaping (Int) -> String) {
        countProvider = count
        rowProvider = row
        titleProvider = title
    }

    var count: Int { countProvider() }

    func row(at index: Int) -> ListRow {
        let row = rowProvider(index)
        return ListRow(title: row.title, secondary: row.secondary)
    }

    func title(at index: Int) -> String { titleProvider(index) }
}
