import FuzzDriver
import ShojiCurses

/// Key decoding from terminal bytes: arbitrary bytes (escape sequences,
/// invalid UTF-8, SGR mouse reports with mouse reporting on) written to a
/// headless screen's input and read back through ncurses' `wget_wch` and
/// `TerminalKey.decode`, as the event loop reads a real terminal. Every key
/// takes at least one byte, so never more keys than bytes.
@main enum FuzzKeys {
    static func main() { runFuzzer(testOneInput) }
}

/// The most bytes a run feeds: well below a pipe's 64 KiB, so a write never
/// drops bytes (libFuzzer's default -max_len for this corpus is far smaller).
private let maximumInput = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Array(fuzzInput(data, size).prefix(maximumInput))
    // libFuzzer calls this on the main thread; the screen is main-actor state.
    return MainActor.assumeIsolated {
        let screen = KeyScreen.shared
        screen.feed(bytes: bytes)
        // Read everything, as the event loop does. An invalid UTF-8 sequence
        // reads as "nothing" (ERR) with bytes still in the pipe, where the
        // loop's poll sees them at once; here, read again until a long run
        // of empty reads (at most one read per byte fed, plus one).
        var keys: [TerminalKey] = []
        var emptyReads = 0
        for _ in 0...bytes.count where emptyReads < 64 {
            let batch = screen.pendingKeys()
            keys += batch
            emptyReads = batch.isEmpty ? emptyReads + 1 : 0
        }
        if keys.count > bytes.count { fuzzFailure("\(keys.count) keys from \(bytes.count) bytes: \(keys)") }
        for key in keys {
            if case .character(let character) = key, character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                fuzzFailure("a control byte decoded as a printable character: \(key)")
            }
            _ = key.description
        }
        return 0
    }
}

/// One headless screen for the whole run (ncurses is process-wide and a
/// screen per input would measure `newterm`, not decoding).
@MainActor
private enum KeyScreen {
    static let shared: TerminalScreen = {
        let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24))
        screen.mouseReporting = true
        // A new screen reads one stray `.resize` first (a finding kept in
        // Tests/ShojiCursesTests/FuzzFindingTests.swift): read it here so
        // that every input starts from an empty queue.
        _ = screen.pendingKeys()
        return screen
    }()
}
