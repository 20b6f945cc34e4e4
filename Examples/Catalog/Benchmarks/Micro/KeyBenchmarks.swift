import ShojiCurses

extension MicroBenchmark {
    /// Bytes as a terminal sends them, decoded by ncurses (`get_wch` on a
    /// headless screen's input pipe) into `TerminalKey` values.
    static let decodeKeys = MicroBenchmark(
        name: "keys.decode",
        what: "Headless screen: arrows, PgDn, ASCII, accented and CJK characters, Enter from bytes to TerminalKey; per key"
    ) { sampler in
        let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24))
        defer { screen.end() }
        // No lone Esc: that waits out the escape delay by design.
        let sequences = ["\u{1B}OB", "\u{1B}[6~", "a", "é", "\r", "\u{1B}[A", "/", "漢"]
        let batch = String(repeating: sequences.joined(), count: 8)
        let keysPerBatch = sequences.count * 8
        _ = screen.pendingKeys()  // the KEY_RESIZE from sizing the headless screen
        while !sampler.isDone {
            sampler.time(operations: keysPerBatch) {
                screen.feed(batch)
                let keys = screen.pendingKeys()
                if keys.count != keysPerBatch { fatalError("decoded \(keys.count) keys, expected \(keysPerBatch): \(keys)") }
            }
        }
    }
}
