import CShojiCurses

/// Reads a bracketed paste's body past ncurses, in large reads.
///
/// ncurses reads input one byte per `read(2)`, after a `poll(2)` each: a
/// 300 KiB paste cost about 0.8 s of system calls before the key typed
/// after it was seen. Once the key decoder has seen a paste's start marker
/// (``InputSequences/readsPasteBody``), the screen reads the body straight
/// from the input descriptor instead, ``readSize`` bytes at a time, up to
/// the end marker (`CSI 201 ~`).
///
/// Two things keep the bytes in order around the switch:
/// - ncurses holds no byte of its own when the body starts: it looks ahead
///   only while a byte may still begin a key it knows, and no key it knows
///   begins with `CSI 200` (``isUsable`` checks, once per screen; where
///   one does, the body goes through ncurses as before).
/// - The bytes a read took past the end marker (keys typed right behind
///   the paste, another paste) are the *handback*: ncurses decodes them
///   before it reads the terminal again, from a pipe put in the input
///   descriptor's place for as long as it takes (`ungetch` would not do:
///   ncurses does not match what it gives back against its keys).
struct PasteBodyReader {
    /// The most one `read(2)` of a paste's body takes.
    static let readSize = 16 * 1024
    static let endMarker: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether the platform lets the handback's pipe stand in for the
    /// input descriptor: on Darwin that closes the descriptor's kqueue
    /// events, and the dispatch source serving the terminal would go deaf,
    /// so there the body goes through ncurses as before.
    #if os(Linux)
    static let platformAllows = true
    #else
    static let platformAllows = false
    #endif

    /// Whether the body can be read past ncurses on this screen.
    let isUsable: Bool
    /// Bytes read past a paste's end, for ncurses, in order.
    private(set) var handback: [UInt8] = []
    /// The end of the last read that may begin the end marker or a UTF-8
    /// character, held until the next read decides.
    private var carry: [UInt8] = []
    /// How many reads of the input descriptor took paste bodies (tests).
    private(set) var reads = 0

    init(isUsable: Bool) {
        self.isUsable = isUsable
    }

    /// The next read of the body: `read`'s bytes, nil when the terminal
    /// has nothing now.
    mutating func nextBytes(read: () -> [UInt8]?) -> [UInt8]? {
        guard let bytes = read() else { return nil }
        reads += 1
        return bytes
    }

    /// Splits bytes of a paste's body: `body` gets the text before the end
    /// marker (or all that is decided when there is none yet); returns
    /// whether the marker was found, the bytes after it then being the
    /// handback.
    mutating func consume(_ bytes: [UInt8], body: (ArraySlice<UInt8>) -> Void) -> Bool {
        let data = carry.isEmpty ? bytes : carry + bytes
        carry.removeAll()
        if let marker = Self.firstRange(of: Self.endMarker, in: data[...]) {
            body(data[..<marker.lowerBound])
            handback = Array(data[marker.upperBound...])
            return true
        }
        let kept = data.count - Self.undecidedTail(of: data)
        carry = Array(data[kept...])
        body(data[..<kept])
        return false
    }

    /// Takes the handback (ncurses decodes it now).
    mutating func takeHandback() -> [UInt8] {
        defer { handback.removeAll() }
        return handback
    }

    /// Whether `bytes` end inside an escape sequence (its rest may still
    /// be on its way).
    static func endsInsideASequence(_ bytes: [UInt8]) -> Bool {
        guard let escape = bytes.suffix(32).lastIndex(of: 0x1B) else { return false }
        let after = bytes[(escape + 1)...]
        guard let first = after.first else { return true }
        switch first {
        case UInt8(ascii: "["):
            return !after.dropFirst().contains { (0x40...0x7E).contains($0) }
        case UInt8(ascii: "O"):
            return after.count < 2
        default:
            return false
        }
    }

    /// How many bytes at the end of `data` are undecided: a beginning of
    /// the end marker, or of a UTF-8 character.
    static func undecidedTail(of data: [UInt8]) -> Int {
        for length in stride(from: min(endMarker.count - 1, data.count), through: 1, by: -1)
        where data.suffix(length).elementsEqual(endMarker.prefix(length)) {
            return length
        }
        // A lead byte and fewer continuation bytes than it announces.
        var index = data.count - 1
        var continuations = 0
        while index >= 0, continuations < 3, data[index] & 0xC0 == 0x80 {
            index -= 1
            continuations += 1
        }
        guard index >= 0 else { return 0 }
        let lead = data[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > continuations + 1 ? continuations + 1 : 0
    }

    static func firstRange(of marker: [UInt8], in data: ArraySlice<UInt8>) -> Range<Int>? {
        var from = data.startIndex
        while let escape = data[from...].firstIndex(of: marker[0]) {
            let end = escape + marker.count
            guard end <= data.endIndex else { return nil }
            if data[escape..<end].elementsEqual(marker) { return escape..<end }
            from = escape + 1
        }
        return nil
    }
}
