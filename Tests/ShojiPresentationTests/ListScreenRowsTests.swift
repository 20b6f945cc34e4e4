import ShojiPresentation
import Testing

/// A presenter written before 0.1.0: the old highlight signature only.
@MainActor private final class OldSignatureRows: ListScreenRows {
    var heard: [Int] = []
    var rowCount: Int { 3 }
    func row(at index: Int) -> ListRow { ListRow(title: "\(index)") }
    func didChoose(index: Int) {}
    func didHighlight(index: Int) { heard.append(index) }
}

/// A presenter of today: the `Int?` signature only.
@MainActor private final class NewSignatureRows: ListScreenRows {
    var heard: [Int?] = []
    var rowCount: Int { 3 }
    func row(at index: Int) -> ListRow { ListRow(title: "\(index)") }
    func didChoose(index: Int) {}
    func didHighlight(index: Int?) { heard.append(index) }
}

/// A presenter that hears no highlight at all.
@MainActor private final class ChoiceOnlyRows: ListScreenRows {
    var rowCount: Int { 3 }
    func row(at index: Int) -> ListRow { ListRow(title: "\(index)") }
    func didChoose(index: Int) {}
}

/// `didHighlight(index:)` changed from `Int` to `Int?` in 0.1.0: a presenter
/// on either signature hears the highlight, whichever the caller uses
/// (the view calls the new one; a test may call `didHighlight(index: 2)`).
@MainActor @Suite struct ListScreenRowsTests {
    @Test func aPresenterOnTheOldSignatureHearsEveryRowButNoNil() {
        let rows = OldSignatureRows()
        let view: any ListScreenRows = rows
        view.didHighlight(index: 1 as Int?)
        view.didHighlight(index: nil as Int?)
        view.didHighlight(index: 2 as Int?)
        #expect(rows.heard == [1, 2])
    }

    @Test func aCallWithAnIntReachesThePresenterOnTheNewSignature() {
        let rows = NewSignatureRows()
        rows.didHighlight(index: 2)
        (rows as any ListScreenRows).didHighlight(index: 1)
        rows.didHighlight(index: nil)
        #expect(rows.heard == [2, 1, nil])
    }

    @Test func aPresenterWithNeitherHearsNothingAndDoesNotLoop() {
        let rows: any ListScreenRows = ChoiceOnlyRows()
        rows.didHighlight(index: 1 as Int?)
        rows.didHighlight(index: 1)
        rows.didHighlight(index: nil as Int?)
    }
}
