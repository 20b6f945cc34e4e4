import Testing
import ShojiCurses
@testable import ShojiWidgets

/// A list offers only the keys that do something now.
extension WidgetsSuite {
    @Suite @MainActor struct ListAvailabilityTests {
        private func labels(_ list: ListWidget) -> [String] { list.bindings.filter(\.showsInFooter).map(\.label) }

        @Test func anEmptyListOffersNeitherOpenNorFilterAndTakesNoKey() {
            var opened = 0
            let list = ListWidget(dataSource: ArrayListDataSource(titles: []))
            list.onChoose = { _ in opened += 1 }
            #expect(list.bindings.isEmpty, "\(list.bindings.map(\.label))")
            #expect(list.press(.enter, .character("/"), .down) == [false, false, false], "the keys go on down the chain")
            #expect(!list.isEditingText && opened == 0)
            list.dataSource = ArrayListDataSource(titles: ["apple"])
            #expect(labels(list) == ["open", "filter"])
        }

        @Test func aFilterThatHidesEveryRowOffersOnlyEditingAndClearingIt() {
            let list = ListWidget(dataSource: ArrayListDataSource(titles: ["apple", "pear"]))
            list.setFilter("zz")
            #expect(labels(list) == ["filter", "clear filter"])
            #expect(list.press(.enter) == [false])
            #expect(list.press(.character("/")) == [true])
            #expect(list.isEditingText)
            list.finishEditing()
            #expect(list.press(.escape) == [true])
            #expect(list.filterQuery.isEmpty && labels(list) == ["open", "filter"])
        }
    }
}
