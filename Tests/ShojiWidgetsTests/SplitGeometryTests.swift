import Testing
@testable import ShojiCurses
@testable import ShojiWidgets
import ShojiNavigation

extension WidgetsSuite {
    /// A split is placed by the containers' layout code: its header,
    /// columns and divider are where a `LayoutWidget` of the same items
    /// puts them, at every width.
    @Suite @MainActor struct SplitGeometryTests {
        /// The split's places are a layout's: the header row across the
        /// width, the list's width rule and minimum, the divider, and the
        /// detail covering the list below the width.
        @Test(arguments: [150, 100, 30]) func theSplitsPlacesAreALayoutsPlaces(width: Int) {
            let split = SplitContainer(minimumSideBySideWidth: 120, primaryWidth: { max(28, $0 * 2 / 5) })
            split.header = PanelView()
            split.headerHeight = 3
            let content = CellRect(x: 0, y: 1, width: width, height: 20)
            let hidden = CellSize(width: 120, height: 0)
            let columns = LayoutWidget(.columns, [
                LayoutItem(LabelWidget([]), size: .fixed(max(28, width * 2 / 5)), minimum: 1, maximum: max(1, width - 2)),
                LayoutItem(LabelWidget([]), size: .fixed(1), hiddenBelow: hidden),
                LayoutItem(LabelWidget([]), minimum: 1, hiddenBelow: hidden, collapse: .cover),
            ])
            let layout = LayoutWidget(.rows, [LayoutItem(LabelWidget([]), size: .fixed(3)), LayoutItem(columns)])
            let rows = layout.frames(in: content.size)
            let inColumns = columns.frames(in: rows[1]!.size)
            func placed(_ frame: CellRect?) -> CellRect? {
                frame.map { CellRect(x: $0.x + content.x, y: $0.y + content.y + rows[1]!.y, width: $0.width, height: $0.height) }
            }
            #expect(split.headerFrame(in: content) == CellRect(x: 0, y: 1, width: width, height: 3))
            #expect(split.frame(of: .primary, in: content) == placed(inColumns[0]))
            #expect(split.frame(of: .secondary, in: content) == placed(inColumns[2]))
            if width >= 120 {
                #expect(split.dividerFrame(in: content) == placed(inColumns[1]))
                #expect(split.frame(of: .primary, in: content).width == 60)
            } else {
                #expect(inColumns[0] == inColumns[2], "collapsed, the detail covers the list")
                #expect(split.frame(of: .primary, in: content).width == width)
            }
        }
    }
}
