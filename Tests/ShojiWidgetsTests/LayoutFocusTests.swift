import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

extension WidgetsSuite {
    /// Which child of a layout has the keys, and how keys, clicks, the
    /// cursor and redraw requests pass between the layout and its children.
    @Suite @MainActor struct LayoutFocusTests {
        /// A header (not focusable) over three panes side by side, the
        /// last left out below 60 columns.
        private func makeLayout() -> (LayoutWidget, header: ProbeWidget, panes: [ProbeWidget]) {
            let header = ProbeWidget("h")
            let panes = [ProbeWidget("a"), ProbeWidget("b"), ProbeWidget("c")]
            let columns = LayoutWidget(.columns, [
                LayoutItem(panes[0], border: true, title: "A", focusable: true),
                LayoutItem(panes[1], border: true, title: "B", focusable: false),
                LayoutItem(panes[2], hiddenBelow: CellSize(width: 60, height: 0), border: true, title: "C", focusable: true),
            ])
            let layout = LayoutWidget(.rows, [LayoutItem(header, size: .fixed(2)),
                                              LayoutItem(columns, focusable: true)])
            return (layout, header, panes)
        }

        private func draw(_ widget: any Widget, size: CellSize) {
            let harness = WidgetHarness(widget, size: size)
            _ = harness.snapshot()
            harness.end()
        }

        @Test func tabCyclesTheFocusableShownPanesAndSkipsTheOthers() {
            let (layout, header, panes) = makeLayout()
            draw(layout, size: CellSize(width: 90, height: 20))
            let columns = layout.children[1].widget as! LayoutWidget
            #expect(layout.focusedIndex == 1, "the header is not focusable")
            #expect(columns.focusedIndex == 0)
            #expect(header.focused == false && panes[0].focused == true && panes[1].focused == false)
            for pane in panes { pane.takesKeys = false }
            #expect(layout.handle(.tab))
            #expect(columns.focusedIndex == 2, "b is not focusable")
            #expect(panes[2].focused == true && panes[0].focused == false)
            #expect(layout.handle(.tab))
            #expect(columns.focusedIndex == 0, "wraps around")
            #expect(layout.handle(.backTab))
            #expect(columns.focusedIndex == 2)
            #expect(layout.bindings.map(\.label) == ["c", "next pane", "previous pane"],
                    "the focused child's bindings, then the pane keys")
        }

        @Test func aHiddenFocusedPaneGivesTheFocusToTheNextShownAndTabHasNothingToDo() {
            let (layout, _, panes) = makeLayout()
            let columns = layout.children[1].widget as! LayoutWidget
            var changes: [Int] = []
            columns.onFocusChange = { changes.append($0) }
            draw(layout, size: CellSize(width: 90, height: 20))
            columns.focus(2)
            #expect(panes[2].focused == true)
            draw(layout, size: CellSize(width: 50, height: 20))
            #expect(columns.focusedIndex == 0)
            #expect(changes == [2, 0])
            #expect(panes[0].focused == true && panes[2].focused == false)
            panes[0].takesKeys = false
            #expect(!layout.handle(.tab), "one focusable pane shown: Tab is not the layout's")
            #expect(!layout.bindings.contains { $0.label == "next pane" })
        }

        @Test func keysGoToTheFocusedChildFirst() {
            let (layout, header, panes) = makeLayout()
            draw(layout, size: CellSize(width: 90, height: 20))
            #expect(layout.handle(.tab))
            #expect(panes[0].keys == [.tab], "the focused pane saw Tab and took it")
            #expect(header.keys.isEmpty && panes[2].keys.isEmpty)
            panes[0].editing = true
            #expect(layout.isEditingText)
        }

        @Test func aClickFocusesThePaneUnderItAndArrivesInItsCoordinates() {
            let (layout, _, panes) = makeLayout()
            draw(layout, size: CellSize(width: 90, height: 20))
            // Rows 0-1 the header; the columns from row 2, 30 columns each, boxed.
            let click = MouseEvent(action: .press, button: .left, position: CellPoint(x: 65, y: 5))
            #expect(layout.handle(.mouse(click)))
            let columns = layout.children[1].widget as! LayoutWidget
            #expect(columns.focusedIndex == 2)
            guard case .mouse(let arrived)? = panes[2].keys.last else {
                Issue.record("no mouse event reached c")
                return
            }
            #expect(arrived.position == CellPoint(x: 65 - 60 - 1, y: 5 - 2 - 1))
            // A press on a pane that is not focusable goes to it, focus unchanged.
            let onB = MouseEvent(action: .press, button: .left, position: CellPoint(x: 35, y: 10))
            #expect(layout.handle(.mouse(onB)))
            #expect(columns.focusedIndex == 2)
            #expect(panes[1].keys.count == 1)
        }

        @Test func theCursorIsTheFocusedChildsMovedByItsPane() {
            let (layout, _, panes) = makeLayout()
            draw(layout, size: CellSize(width: 90, height: 20))
            #expect(layout.cursorPosition == nil)
            panes[0].cursor = CellPoint(x: 3, y: 1)
            #expect(layout.cursorPosition == CellPoint(x: 0 + 1 + 3, y: 2 + 1 + 1))
            panes[0].cursor = CellPoint(x: 40, y: 1)
            #expect(layout.cursorPosition == nil, "outside its pane")
        }

        @Test func losingTheKeysMutesEveryChild() {
            let (layout, _, panes) = makeLayout()
            layout.setFocused(false)
            #expect(panes.allSatisfy { $0.focused == false })
            layout.setFocused(true)
            #expect(panes[0].focused == true)
        }

        @Test func childRedrawsReachTheOwnerAsRows() {
            let (layout, header, panes) = makeLayout()
            var rows: [[Int]] = []
            var wholes = 0
            layout.onNeedsDisplay = { wholes += 1 }
            layout.onNeedsDisplayInRows = { rows.append($0) }
            let harness = WidgetHarness(layout, size: CellSize(width: 90, height: 12))
            defer { harness.end() }
            // Drawn one row below the panel's top, as under a header.
            harness.panel.draw = { canvas in
                var below = canvas.subcanvas(CellRect(x: 0, y: 1, width: canvas.size.width, height: canvas.size.height - 1))
                layout.draw(&below)
            }
            _ = harness.snapshot()
            #expect(panes[2].drawnOrigin == CellPoint(x: 61, y: 4))
            // A child's own rows pass up unchanged: they are the panel's already.
            panes[2].onNeedsDisplayInRows?([5, 6])
            #expect(rows.last == [5, 6])
            // A child's whole redraw asks for the rows of its frame only.
            header.onNeedsDisplay?()
            #expect(rows.last == [1, 2])
            panes[0].onNeedsDisplay?()
            #expect(rows.last == Array(3...11))
            #expect(wholes == 0)
        }

        @Test func newChildrenRedrawOnlyThePanesThatChanged() {
            let top = ProbeWidget("t"), bottom = ProbeWidget("b")
            let layout = LayoutWidget(.rows, [LayoutItem(top, size: .fixed(3)), LayoutItem(bottom)])
            var rows: [[Int]] = []
            layout.onNeedsDisplayInRows = { rows.append($0) }
            draw(layout, size: CellSize(width: 20, height: 10))
            let replacement = ProbeWidget("r")
            layout.children[1] = LayoutItem(replacement)
            #expect(rows.last == Array(3...9), "only the replaced pane")
            layout.children[0].size = .fixed(4)
            #expect(rows.last == Array(0...9), "both moved")
            #expect(top.onNeedsDisplay != nil && replacement.onNeedsDisplay != nil)
        }

        /// A child sized by its content that grows moves the pane below it:
        /// both are drawn again, and the next draw has the new frames.
        @Test func aContentChildThatGrowsMovesThePanesAfterIt() {
            let header = DetailWidget(title: "one")
            let body = ProbeWidget("b")
            let layout = LayoutWidget(.rows, [LayoutItem(header, size: .content), LayoutItem(body)])
            var rows: [[Int]] = []
            layout.onNeedsDisplayInRows = { rows.append($0) }
            let harness = WidgetHarness(layout, size: CellSize(width: 20, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(body.drawnOrigin == CellPoint(x: 0, y: 1))
            header.paragraphs = ["two"]
            #expect(Set(rows.last ?? []) == Set(0...9), "the header's rows and the body's, before and after")
            _ = harness.snapshot()
            #expect(body.drawnOrigin == CellPoint(x: 0, y: 3))
        }
    }
}

extension WidgetsSuite.LayoutFocusTests {
    /// A pane's focus key gives it the keys from anywhere in the layout, is
    /// offered in help (not the footer) as "to <title>", and does nothing
    /// while its pane is left out.
    @Test func aPanesFocusKeyGivesItTheKeysWhileItIsShown() {
        let panes = [ProbeWidget("a"), ProbeWidget("b"), ProbeWidget("c")]
        for pane in panes { pane.takesKeys = false }
        let layout = LayoutWidget(.columns, [
            LayoutItem(panes[0], border: true, title: "A", focusable: true, focusKey: .character("1")),
            LayoutItem(panes[1], border: true, title: "B", focusable: true, focusKey: .character("2")),
            LayoutItem(panes[2], hiddenBelow: CellSize(width: 60, height: 0), border: true, title: "C",
                       focusable: true, focusKey: .character("3")),
        ])
        let wide = WidgetHarness(layout, size: CellSize(width: 90, height: 10))
        _ = wide.snapshot()
        wide.end()
        #expect(layout.handle(.character("3")))
        #expect(layout.focusedIndex == 2)
        let offered = layout.bindings.filter { $0.label.hasPrefix("to ") }
        #expect(offered.map(\.label) == ["to A", "to B", "to C"])
        #expect(offered.allSatisfy { !$0.showsInFooter })
        let narrow = WidgetHarness(layout, size: CellSize(width: 50, height: 10))
        _ = narrow.snapshot()
        narrow.end()
        #expect(layout.focusedIndex == 0, "the left-out pane gave the keys on")
        #expect(!layout.handle(.character("3")), "a left-out pane's key does nothing")
        #expect(layout.bindings.map(\.label).contains("to B") && !layout.bindings.map(\.label).contains("to C"))
        #expect(layout.handle(.character("2")) && layout.focusedIndex == 1)
    }
}
