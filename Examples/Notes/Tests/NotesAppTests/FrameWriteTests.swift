import Foundation
import ShojiTesting
import Testing

/// The event loop's promise, checked on the real binary's system calls
/// (`strace` on all its threads, in a tmux terminal of the test's own): a
/// key is read, handled and rendered in the same turn, before the next key
/// is read, and each frame reaches the terminal in exactly one write.
@Suite(.serialized)
struct FrameWriteTests {
    @Test func eachKeyIsRenderedInOneWriteBeforeTheNextKeyIsRead() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).trace").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let terminal = try TmuxTerminal()
        try terminal.run("clear; XDG_STATE_HOME=$(mktemp -d) strace -f -o \(trace) -e trace=read,write,writev -e signal=none "
            + "-s 0 \(BuiltProduct.path(named: "notes")) --no-mouse; echo exit=$?")
        _ = try terminal.waitFor(timeout: 20) { $0.first?.hasPrefix(" notes › Notes") == true }
        for key in ["j", "j", "k", "G"] {
            let before = try terminal.screenWithAttributes()
            try terminal.press(key)
            try waitForChange(in: terminal, from: before)
        }
        try terminal.press("q")
        let screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=0"))

        let events = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").compactMap(TraceEvent.init)
        // What the terminal received after each of the four keys, until the next key was read.
        var writesAfterKey: [Int] = []
        for event in events {
            switch event {
            case .keyRead: writesAfterKey.append(0)
            case .terminalWrite: if !writesAfterKey.isEmpty { writesAfterKey[writesAfterKey.count - 1] += 1 }
            }
        }
        #expect(writesAfterKey.count == 5, "j, j, k, G and q were read, one byte each")
        #expect(Array(writesAfterKey.prefix(4)) == [1, 1, 1, 1],
                "each key's frame is one write, made before the next key is read: \(writesAfterKey)")
    }

    private func waitForChange(in terminal: TmuxTerminal, from before: [String]) throws {
        let deadline = Date().addingTimeInterval(10)
        while try terminal.screenWithAttributes() == before {
            guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            usleep(10_000)
        }
        // Let the frame's write finish being traced before the next key.
        usleep(50_000)
    }
}

/// One line of `strace -f -s 0` (every thread of the app) that matters here.
private enum TraceEvent {
    /// A key byte read from the terminal (`read(0, ""..., 1) = 1`: ncurses
    /// reads a byte at a time; the start-up probe's answers are read in one
    /// larger read, which is not a key).
    case keyRead
    /// Bytes written to the terminal (`write(1, ...)` or `writev(1, ...)` > 0).
    case terminalWrite

    init?(_ traced: Substring) {
        // `strace -f` starts each line with the thread's id.
        let line = traced.drop { $0.isNumber }.drop { $0 == " " }
        guard let result = line.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
              result > 0 else { return nil }
        if line.hasPrefix("read(0,"), line.contains(", 1)") {
            self = .keyRead
        } else if line.hasPrefix("write(1,") || line.hasPrefix("writev(1,") {
            self = .terminalWrite
        } else {
            return nil
        }
    }
}
