#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// A paste's body read past ncurses in large reads, and the keys read
    /// with it handed back to ncurses intact and in order.
    @Suite @MainActor struct PasteBodyTests {
        private static let line = "zebra crossing with a long line of pasted text\n"

        /// Read system calls this process has made so far (Linux), nil elsewhere.
        private static func readCalls() -> Int? {
            #if os(Linux)
            guard let file = fopen("/proc/self/io", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 128)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("syscr:") {
                    return Int(String(text.dropFirst(6).filter(\.isNumber)))
                }
            }
            #endif
            return nil
        }

        @Test func aMegabytePasteTakesAFewReadsNotOnePerByte() throws {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            // 32 reads' worth of 32 KiB (a pipe holds 64 KiB): 1 MiB.
            let chunk = String(repeating: Self.line, count: 32 * 1_024 / Self.line.utf8.count)
            let before = Self.readCalls()
            screen.feed("\u{1B}[200~")
            var keys = screen.pendingKeys()
            for _ in 0..<32 {
                screen.feed(chunk)
                keys += screen.pendingKeys()
            }
            screen.feed("\u{1B}[201~")
            keys += screen.pendingKeys()
            let after = Self.readCalls()
            #expect(keys == [.paste(String(repeating: chunk, count: 32))])
            // ncurses alone made a read and a poll per byte: over a million.
            #expect(screen.pasteBody.reads <= 3 * 32, "\(screen.pasteBody.reads) reads of the body")
            if let before, let after {
                #expect(after - before < 1_000, "\(after - before) read system calls for 1 MiB")
            }
        }

        @Test func keysTypedRightBehindAPasteArriveIntactAndInOrder() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 5))
            defer { screen.end() }
            let body = String(repeating: "é€😀 text\r", count: 200)
            // More than one piece of keys after the end marker, in the same
            // read: arrows, a mouse report, a wide character, another paste.
            let arrows = String(repeating: "\u{1B}[B", count: 40)
            screen.feed("\u{1B}[200~\(body)\u{1B}[201~x\u{1B}[Ay\u{1B}[<0;5;3M\(arrows)ü\u{1B}[200~second\u{1B}[201~z\u{1B}OA")
            let keys = screen.pendingKeys()
            let expected: [TerminalKey] = [.paste(String(body.map { $0 == "\r" ? "\n" : $0 })),
                                           .character("x"), .up, .character("y"),
                                           .mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 4, y: 2)))]
                + Array(repeating: .down, count: 40)
                + [.character("ü"), .paste("second"), .character("z"), .up]
            #expect(keys == expected)
            // Nothing is left over for the next read.
            screen.feed("q")
            #expect(screen.pendingKeys() == [.character("q")])
        }

        @Test func aPasteStartingInTheKeysHandedBackIsReadInBulkToo() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 5))
            defer { screen.end() }
            let second = String(repeating: "b", count: 5_000)
            screen.feed("\u{1B}[200~first\u{1B}[201~\u{1B}[C\u{1B}[200~\(second)")
            #expect(screen.pendingKeys() == [.paste("first"), .right])
            screen.feed("\u{1B}[201~\u{1B}[D")
            #expect(screen.pendingKeys() == [.paste(second), .left])
        }

        @Test func aCharacterSplitBetweenReadsOfTheBodyStaysWhole() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let emoji = Array("😀".utf8)
            screen.feed(bytes: Array("\u{1B}[200~a".utf8) + emoji.prefix(2))
            #expect(screen.pendingKeys().isEmpty)
            screen.feed(bytes: Array(emoji.dropFirst(2)) + Array("b\u{1B}[201~".utf8))
            #expect(screen.pendingKeys() == [.paste("a😀b")])
        }

        @Test func aKeyCutByTheEndOfTheReadBehindAPasteStaysOneKey() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            screen.feed("\u{1B}[200~a\u{1B}[201~x\u{1B}[")
            // The arrow's last byte arrives within the escape delay.
            let input = screen.headlessInput
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) { _ = write(input, "A", 1) }
            #expect(screen.pendingKeys() == [.paste("a"), .character("x"), .up])
        }

        @Test func aSequenceCutByTheEndOfTheReadIsCompletedFromTheTerminal() {
            #expect(PasteBodyReader.endsInsideASequence(Array("x\u{1B}[1;".utf8)))
            #expect(PasteBodyReader.endsInsideASequence(Array("x\u{1B}".utf8)))
            #expect(PasteBodyReader.endsInsideASequence(Array("x\u{1B}O".utf8)))
            #expect(!PasteBodyReader.endsInsideASequence(Array("x\u{1B}[1;5D".utf8)))
            #expect(!PasteBodyReader.endsInsideASequence(Array("x\u{1B}OAy".utf8)))
        }

        @Test func theEndOfAReadThatMayBeginTheEndMarkerOrACharacterWaits() {
            #expect(PasteBodyReader.undecidedTail(of: Array("abc\u{1B}[20".utf8)) == 4)
            #expect(PasteBodyReader.undecidedTail(of: Array("abc\u{1B}".utf8)) == 1)
            #expect(PasteBodyReader.undecidedTail(of: Array("abc\u{1B}[21".utf8)) == 0)
            #expect(PasteBodyReader.undecidedTail(of: Array("a".utf8) + Array("😀".utf8).prefix(3)) == 3)
            #expect(PasteBodyReader.undecidedTail(of: Array("a😀".utf8)) == 0)
        }
    }
}
