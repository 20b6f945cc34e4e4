import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// xterm SGR mouse reports, decoded by the pure decoder and through a
    /// headless screen's input, and presses counted into double clicks.
    @Suite @MainActor struct MouseDecodingTests {
        @Test func pressAndReleaseOfEachButton() {
            #expect(MouseEvent.decodeSGR(report: "\u{1B}[<0;5;3M")
                == MouseEvent(action: .press, button: .left, position: CellPoint(x: 4, y: 2)))
            #expect(MouseEvent.decodeSGR(report: "\u{1B}[<0;5;3m")
                == MouseEvent(action: .release, button: .left, position: CellPoint(x: 4, y: 2)))
            #expect(MouseEvent.decodeSGR(body: "1;1;1M")?.button == .middle)
            #expect(MouseEvent.decodeSGR(body: "2;80;24M")?.position == CellPoint(x: 79, y: 23))
            #expect(MouseEvent.decodeSGR(body: "3;1;1m")?.action == .release)
        }

        @Test func wheelAndModifiersAndMotion() {
            #expect(MouseEvent.decodeSGR(body: "64;10;10M")?.action == .wheelUp)
            #expect(MouseEvent.decodeSGR(body: "65;10;10M")?.action == .wheelDown)
            #expect(MouseEvent.decodeSGR(body: "66;10;10M")?.action == .wheelLeft)
            let modified = MouseEvent.decodeSGR(body: "28;2;2M")
            #expect(modified?.shift == true && modified?.alt == true && modified?.control == true)
            #expect(MouseEvent.decodeSGR(body: "32;3;3M")?.action == .drag)
            #expect(MouseEvent.decodeSGR(body: "35;3;3M")?.action == .move)
            #expect(MouseEvent.decodeSGR(body: "128;3;3M")?.button == .back)
        }

        @Test func malformedReportsAreNil() {
            for body in ["", "M", "0;5M", "0;5;3", "0;0;3M", "0;5;0M", "x;5;3M", "0;5;3;4M", "999999;1;1M",
                         "0;-1;3M", "0;;3M", "300;1;1M"] {
                #expect(MouseEvent.decodeSGR(body: body) == nil, "\(body)")
            }
            #expect(MouseEvent.decodeSGR(report: "\u{1B}[0;5;3M") == nil)
        }

        @Test func reportsArriveAsMouseKeysBetweenOrdinaryKeys() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            screen.feed("j\u{1B}[<0;5;3M\u{1B}[<65;1;1Mk\u{1B}[A")
            let keys = screen.pendingKeys()
            #expect(keys.count == 5)
            #expect(keys[0] == .character("j"))
            #expect(keys[1] == .mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 4, y: 2))))
            if case .mouse(let wheel) = keys[2] { #expect(wheel.action == .wheelDown) } else { Issue.record("\(keys)") }
            #expect(keys[3] == .character("k"))
            #expect(keys[4] == .up)
        }

        @Test func aBrokenReportNeverBlocksTheKeysAfterIt() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            screen.feed("\u{1B}[<0;5xq")
            let keys = screen.pendingKeys()
            #expect(keys.last == .character("q"))
            #expect(!keys.contains { if case .mouse = $0 { true } else { false } })
        }

        @Test func twoQuickPressesOnOneCellAreADoubleClick() {
            var counter = MouseClickCounter(interval: .milliseconds(400))
            let press = MouseEvent(action: .press, button: .left, position: CellPoint(x: 1, y: 1))
            let start = ContinuousClock.now
            #expect(counter.count(press, at: start).clickCount == 1)
            #expect(counter.count(press, at: start + .milliseconds(200)).isDoubleClick)
            #expect(counter.count(press, at: start + .seconds(2)).clickCount == 1)
            var moved = press
            moved.position = CellPoint(x: 2, y: 1)
            #expect(counter.count(moved, at: start + .milliseconds(2100)).clickCount == 1)
        }

        @Test func mouseReportingIsOffUnlessAskedAndHeadlessWritesNothing() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            #expect(screen.mouseReporting == false)
            screen.mouseReporting = true
            #expect(screen.mouseReporting)
            #expect(MouseReporting.disableSequence.contains("?1000l"))
        }
    }
}
