import CShojiCurses

/// Turns control sequences ncurses does not know into keys, as ncurses
/// decodes them: bracketed paste (`CSI 200 ~` text `CSI 201 ~`) into one
/// ``TerminalKey/paste(_:)``, and the kitty keyboard protocol's `CSI code ;
/// modifiers u` into the keys they stand for.
///
/// ncurses matches input against the sequences it was taught; one it does
/// not know comes out as Esc followed by its bytes as characters, all in the
/// same batch (they arrive together, or within the escape delay of the Esc).
/// Recombining them here handles every parameter with one parser, where
/// `define_key` would need a sequence per key and modifier. Any other
/// sequence of that shape (a late answer to the start-up probe, say) is
/// swallowed as ``TerminalKey/unknown(_:)``, never left as Esc plus letters.
///
/// Keys go through one at a time (``push(_:into:)``), so a paste's text is
/// appended straight to the paste being assembled and never held as keys:
/// its cost is linear in its length, and what is kept is bounded by
/// ``TerminalKey/largestPaste`` however long the paste is and however many
/// reads it spans (the rest is dropped). The end marker, and a start marker
/// cut by the end of a read, are recognised across reads.
struct InputSequences {
    static let unknownSequence = -1
    /// The longest control sequence recognised: a longer run of parameter
    /// bytes after `Esc [` is not a sequence, so it is never held.
    static let longestSequence = 64

    /// A paste whose end marker has not arrived yet (a paste larger than
    /// one read spans batches).
    private var paste: String?
    /// Whether the paste being assembled dropped text past the limit.
    private var pasteWasCut = false
    /// Keys that may be the start of a control sequence (Esc, `[`,
    /// parameters), held until the sequence ends or turns out to be none.
    private var pending: [TerminalKey] = []
    /// Whether the last paste finished was cut to ``TerminalKey/largestPaste``.
    private(set) var lastPasteWasCut = false

    /// Whether the next bytes are a paste's body: a paste has started and
    /// no key is held. The screen then reads the body past ncurses
    /// (``PasteBodyReader``) and hands it to ``appendPasteBody(_:)``.
    var readsPasteBody: Bool { paste != nil && pending.isEmpty }

    /// Appends bytes of a paste's body read in bulk (no end marker among
    /// them), as the keys they stand for would be: `\r` and `\n` as
    /// newlines, tabs kept, other control characters (Esc included)
    /// dropped, so a sequence's printable bytes stay text. Invalid UTF-8
    /// becomes U+FFFD. Past ``TerminalKey/largestPaste`` the rest is dropped.
    mutating func appendPasteBody(_ bytes: ArraySlice<UInt8>) {
        guard let kept = paste?.utf8.count else { return }
        var room = TerminalKey.largestPaste - kept
        guard room > 0 else {
            if !bytes.isEmpty { pasteWasCut = true }
            return
        }
        var text: [UInt8] = []
        text.reserveCapacity(min(bytes.count, room))
        for byte in bytes {
            switch byte {
            case 0x0D, 0x0A: text.append(0x0A)
            case 0x09: text.append(byte)
            case 0..<0x20, 0x7F: continue
            default: text.append(byte)
            }
        }
        var decoded = String(decoding: text, as: UTF8.self)
        if decoded.utf8.count > room {
            // Cut on a scalar boundary, as the keys would be.
            var cut = decoded.unicodeScalars.startIndex
            for index in decoded.unicodeScalars.indices {
                let length = UTF8.width(decoded.unicodeScalars[index])
                guard length <= room else { break }
                room -= length
                cut = decoded.unicodeScalars.index(after: index)
            }
            decoded = String(decoded.unicodeScalars[..<cut])
            pasteWasCut = true
        }
        paste?.append(decoded)
    }

    /// Takes the next key read; appends to `result` whatever is decided.
    mutating func push(_ key: TerminalKey, into result: inout [TerminalKey]) {
        if pending.isEmpty {
            if key == .escape {
                pending.append(key)
            } else {
                emit(key, into: &result)
            }
            return
        }
        pending.append(key)
        switch Self.status(of: pending) {
        case .incomplete:
            return
        case .complete(let parameters, let final):
            pending.removeAll(keepingCapacity: true)
            sequence(parameters: parameters, final: final, into: &result)
        case .none:
            flushPending(into: &result)
        }
    }

    /// The batch ended: a sequence still cut off is no sequence, but inside
    /// a paste (whose end marker may be split between reads) and for a cut
    /// paste start marker, which the next read completes.
    mutating func finishBatch(into result: inout [TerminalKey]) {
        guard !pending.isEmpty, paste == nil else { return }
        let startMarker: [TerminalKey] = [.escape, .character("["), .character("2"), .character("0"), .character("0")]
        if pending.count >= 3, startMarker.starts(with: pending) { return }
        flushPending(into: &result)
    }

    /// Held keys that are no sequence: the first is a key of its own (Esc:
    /// dropped inside a paste), the rest are looked at again.
    private mutating func flushPending(into result: inout [TerminalKey]) {
        let held = pending
        pending.removeAll(keepingCapacity: true)
        emit(held[0], into: &result)
        for key in held.dropFirst() { push(key, into: &result) }
    }

    private mutating func emit(_ key: TerminalKey, into result: inout [TerminalKey]) {
        if paste != nil {
            appendToPaste(key)
        } else {
            result.append(key)
        }
    }

    private mutating func sequence(parameters: String, final: Character, into result: inout [TerminalKey]) {
        if paste != nil {
            guard parameters == "201", final == "~" else {
                // Not the end: its characters are text of the paste (the Esc is dropped).
                appendToPaste(.character("["))
                for character in parameters { appendToPaste(.character(character)) }
                appendToPaste(.character(final))
                return
            }
            result.append(.paste(paste ?? ""))
            lastPasteWasCut = pasteWasCut
            paste = nil
            pasteWasCut = false
        } else if parameters == "200", final == "~" {
            paste = ""
        } else {
            result.append(Self.key(parameters: parameters, final: final))
        }
    }

    private mutating func appendToPaste(_ key: TerminalKey) {
        let text: String
        switch key {
        case .character(let character): text = String(character)
        case .enter: text = "\n"
        case .tab: text = "\t"
        default: return
        }
        // Appended in place (the paste is not copied per key): linear.
        guard (paste?.utf8.count ?? 0) + text.utf8.count <= TerminalKey.largestPaste else {
            pasteWasCut = true
            return
        }
        paste?.append(text)
    }

    private enum SequenceStatus {
        case incomplete, none
        case complete(parameters: String, final: Character)
    }

    /// Whether held keys (starting with Esc) are a control sequence (Esc `[`
    /// parameters final), may still become one, or cannot.
    private static func status(of keys: [TerminalKey]) -> SequenceStatus {
        guard keys.count > 1 else { return .incomplete }
        guard keys[1] == .character("["), keys.count <= longestSequence else { return .none }
        guard keys.count > 2 else { return .incomplete }
        guard case .character(let last) = keys[keys.count - 1], let ascii = last.asciiValue else { return .none }
        if (0x20...0x3F).contains(ascii) { return .incomplete }
        guard (0x40...0x7E).contains(ascii) else { return .none }
        var parameters = ""
        for key in keys[2..<(keys.count - 1)] {
            if case .character(let character) = key { parameters.append(character) }
        }
        return .complete(parameters: parameters, final: last)
    }

    /// What a kitty-protocol key report (`code ; modifiers u`) stands for.
    static func key(parameters: String, final: Character) -> TerminalKey {
        // xterm's modified arrows (`1;5D` is Ctrl-Left) when the terminal's
        // terminfo entry does not name them for ncurses.
        if parameters == "1;5", final == "D" { return .controlLeft }
        if parameters == "1;5", final == "C" { return .controlRight }
        guard final == "u" else { return .unknown(unknownSequence) }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        // `code:shifted:base` and `modifiers:event`: the first of each counts.
        guard let codeField = fields.first?.split(separator: ":").first, let code = UInt32(codeField) else {
            return .unknown(unknownSequence)
        }
        let modifiers = fields.count > 1 ? (Int(fields[1].split(separator: ":").first ?? "1") ?? 1) - 1 : 0
        let shift = modifiers & 1 != 0, alt = modifiers & 2 != 0, control = modifiers & 4 != 0
        if alt { return .unknown(unknownSequence) }
        switch code {
        case 27: return .escape
        case 13, 57414: return .enter
        case 9: return shift ? .backTab : .tab
        case 127, 8: return .backspace
        case 57399...57408: return .character(Character(Unicode.Scalar(UInt8(ascii: "0") + UInt8(code - 57399))))
        // Keypad . / * - + (Enter, above) = and the separator.
        case 57409...57416: return .character(Array("./*-+\n=,")[Int(code - 57409)])
        case 57417: return .left
        case 57418: return .right
        case 57419: return .up
        case 57420: return .down
        case 57421: return .pageUp
        case 57422: return .pageDown
        case 57423: return .home
        case 57424: return .end
        case 57425: return .insert
        case 57426: return .delete
        default: break
        }
        guard let scalar = Unicode.Scalar(code), scalar.value >= 0x20 else { return .unknown(unknownSequence) }
        if control {
            let lowered = Character(scalar).lowercased()
            guard lowered.count == 1, let letter = lowered.first, letter.isASCII else { return .unknown(unknownSequence) }
            return .control(letter)
        }
        return .character(Character(scalar))
    }
}
