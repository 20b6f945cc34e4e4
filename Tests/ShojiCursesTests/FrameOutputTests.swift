#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// A render reaches the terminal as one frame: everything ncurses wrote
    /// for it, however many times it flushed its own buffer on the way.
    @Suite @MainActor struct FrameOutputTests {
        /// A screen whose every cell changes between two renders, each row with its own text.
        private func fullScreenPanel(on screen: TerminalScreen, generation: @escaping () -> Int) -> TerminalPanel {
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                for row in 0..<canvas.size.height {
                    // Every cell but the label changes from one generation to the next.
                    let line = "row \(row) " + Self.fill(row: row, generation: generation(), count: canvas.size.width)
                    canvas.text(String(line.prefix(canvas.size.width)), at: CellPoint(x: 0, y: row),
                                style: row.isMultiple(of: 2) ? .reverse : .plain)
                }
            }
            return panel
        }

        /// Letters that never repeat next to each other (so ncurses cannot
        /// send a run as one repeat sequence), shifted by row and generation.
        private static func fill(row: Int, generation: Int, count: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return String((0..<count).map { letters[($0 + row + generation) % letters.count] })
        }

        @Test func aLargeRepaintIsOneFrameHoldingEveryRow() {
            let screen = TerminalScreen.headless(size: CellSize(width: 200, height: 60))
            defer { screen.end() }
            var frames: [String] = []
            screen.onFrameWritten = { frames.append(String(decoding: $0, as: UTF8.self)) }
            var generation = 1
            let panel = fullScreenPanel(on: screen, generation: { generation })
            screen.render()
            generation = 2
            panel.setNeedsDisplay()
            screen.render()

            #expect(frames.count == 2, "one frame per render")
            let repaint = frames.last ?? ""
            // Far more than ncurses' own buffer (sized for the screen it
            // started with: 26 x 86 bytes), which it flushes whenever it fills.
            #expect(repaint.utf8.count > 26 * 86 * 4)
            for row in [0, 30, 59] {
                let drawn = repaint.contains(Self.fill(row: row, generation: 2, count: 20))
                #expect(drawn, "row \(row) is in the frame")
            }
        }

        /// ncurses itself writes a frame once, so the frame file around it
        /// (and a frame sent straight to the terminal) costs one system call,
        /// not one per changed row: counted on a socket that keeps each
        /// write a message of its own.
        @Test func ncursesWritesAFrameOfManyRowsInOneWrite() throws {
            var pair: [Int32] = [0, 0]
            try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &pair) == 0)
            defer { close(pair[1]) }
            _ = fcntl(pair[1], F_SETFL, fcntl(pair[1], F_GETFL) | O_NONBLOCK)
            let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24), uncapturedOutput: pair[0])
            defer { screen.end() }
            var generation = 1
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                for row in stride(from: 0, to: 20, by: 2) {
                    canvas.text("row \(row) generation \(generation)", at: CellPoint(x: 0, y: row))
                }
            }
            screen.render()
            _ = Self.messages(on: pair[1])
            generation = 2
            panel.setNeedsDisplay()
            screen.render()
            #expect(Self.messages(on: pair[1]) == 1, "ten rows changed, one write")
        }

        /// How many writes are waiting on `socket` (each a message), read away.
        private static func messages(on socket: Int32) -> Int {
            var count = 0
            var buffer = [UInt8](repeating: 0, count: 65536)
            while recv(socket, &buffer, buffer.count, 0) > 0 { count += 1 }
            return count
        }

        @Test func aRenderWithNothingChangedWritesNothing() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 10))
            defer { screen.end() }
            var frames = 0
            screen.onFrameWritten = { _ in frames += 1 }
            _ = fullScreenPanel(on: screen, generation: { 1 })
            screen.render()
            screen.render()
            #expect(frames == 1)
        }
    }
}
