#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What the terminal says it can do beyond what terminfo describes, asked at
/// start (``TerminalProbe``).
public struct TerminalCapabilities: Sendable, Equatable {
    /// The kitty keyboard protocol: with it on, every key arrives as an
    /// unambiguous sequence, so Esc acts at once instead of after the 25 ms
    /// escape delay, and Ctrl-C is a key the screen turns into SIGINT.
    public var kittyKeyboard: Bool
    /// Synchronized output (`CSI ? 2026 h` ... `l`): the terminal shows a
    /// frame only once it has all of it, so nothing tears over a slow link.
    public var synchronizedOutput: Bool
    /// Grapheme cluster segmentation (mode 2027): with it on, the terminal
    /// draws every grapheme cluster as one picture at the width Shoji's
    /// model gives it (see <doc:TextWidth>).
    public var graphemeClusters: Bool

    /// Capabilities; none by default (what a terminal that did not answer gets).
    public init(kittyKeyboard: Bool = false, synchronizedOutput: Bool = false, graphemeClusters: Bool = false) {
        self.kittyKeyboard = kittyKeyboard
        self.synchronizedOutput = synchronizedOutput
        self.graphemeClusters = graphemeClusters
    }

    /// Nothing beyond terminfo.
    public static let none = TerminalCapabilities()
}

/// Asks the terminal what it supports: the kitty keyboard flags query
/// (`CSI ? u`), the mode reports of synchronized output (`CSI ? 2026 $ p`)
/// and grapheme clusters (`CSI ? 2027 $ p`), then Primary Device Attributes
/// (`CSI c`), which every terminal answers. The
/// DA1 answer ends the wait at once; a terminal that answers neither in
/// ``timeout`` gets ``TerminalCapabilities/none``. Bytes read meanwhile that
/// are not answers (keys typed in the first instant) are dropped.
///
/// Turn it off with `SHOJI_TERMINAL_PROBE=0` (or the screen's configuration) for a
/// program driven by something that is not a terminal and never answers.
public enum TerminalProbe {
    /// The questions, in the order the answers are expected.
    public static let query = "\u{1B}[?u\u{1B}[?2026$p\u{1B}[?2027$p\u{1B}[c"
    /// How long to wait for a terminal that does not answer.
    public static let timeout: Duration = .milliseconds(200)

    /// Whether the environment allows the probe (`SHOJI_TERMINAL_PROBE=0` does not).
    public static func isAllowed(environment: [String: String]) -> Bool {
        environment["SHOJI_TERMINAL_PROBE"] != "0"
    }

    /// What the answers in `bytes` say, and whether they are complete (the
    /// DA1 answer arrived). Partial bytes parse as incomplete.
    public static func parse(_ bytes: [UInt8]) -> (capabilities: TerminalCapabilities, complete: Bool) {
        var capabilities = TerminalCapabilities.none
        var complete = false
        for sequence in controlSequences(in: bytes) {
            switch sequence.final {
            case UInt8(ascii: "u") where sequence.parameters.first == UInt8(ascii: "?"):
                capabilities.kittyKeyboard = true
            case UInt8(ascii: "y") where sequence.parameters.starts(with: Array("?2026;".utf8)):
                // 1 set, 2 reset: supported; 0 unknown, 4 permanently reset: not.
                let state = sequence.parameters.dropFirst(6).prefix { $0 != UInt8(ascii: "$") }
                capabilities.synchronizedOutput = state.elementsEqual("1".utf8) || state.elementsEqual("2".utf8)
            case UInt8(ascii: "y") where sequence.parameters.starts(with: Array("?2027;".utf8)):
                // 1 set, 2 reset, 3 permanently set: the terminal segments
                // clusters (the screen sets it); 0 unknown, 4 permanently reset: not.
                let state = sequence.parameters.dropFirst(6).prefix { $0 != UInt8(ascii: "$") }
                capabilities.graphemeClusters = ["1", "2", "3"].contains { state.elementsEqual($0.utf8) }
            case UInt8(ascii: "c") where sequence.parameters.first == UInt8(ascii: "?"):
                complete = true
            default:
                break
            }
        }
        return (capabilities, complete)
    }

    /// Asks the terminal on `input`/`output` (a real terminal, before curses
    /// starts) and waits for the answers. The terminal's modes are restored.
    static func run(input: Int32, output: Int32) -> TerminalCapabilities {
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return .none }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        _ = tcsetattr(input, TCSANOW, &raw)
        defer { _ = tcsetattr(input, TCSANOW, &saved) }
        _ = query.utf8CString.withUnsafeBufferPointer { write(output, $0.baseAddress, $0.count - 1) }
        var answers: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 256)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, ContinuousClock.now.duration(to: deadline).pollTimeout) > 0 else { break }
            let count = read(input, &buffer, buffer.count)
            guard count > 0 else { break }
            answers += buffer[..<count]
            let (capabilities, complete) = parse(answers)
            if complete { return capabilities }
        }
        return parse(answers).capabilities
    }

    /// `CSI` sequences (ESC `[` parameters intermediates final) in `bytes`.
    static func controlSequences(in bytes: [UInt8]) -> [(parameters: ArraySlice<UInt8>, final: UInt8)] {
        var found: [(ArraySlice<UInt8>, UInt8)] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count, (0x40...0x7E).contains(bytes[end]) else { break }
            found.append((bytes[(index + 2)..<end], bytes[end]))
            index = end + 1
        }
        return found
    }
}
