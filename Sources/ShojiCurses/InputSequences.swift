import CShojiCurses

/// Turns control sequences ncurses does not know into keys, after ncurses
/// decoded a batch: bracketed paste (`CSI 200 ~` text `CSI 201 ~`) into one
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
struct InputSequences {
    /// The most a paste keeps; the rest of a larger one is dropped.
    static let largestPaste = 1 << 20
    static let unknownSequence = -1

    /// A paste whose end marker has not arrived yet (a paste larger than
    /// one read spans batches).
    private var paste: String?

    /// `keys` with the sequences in them combined.
    mutating func combine(_ keys: [TerminalKey]) -> [TerminalKey] {
        var result: [TerminalKey] = []
        var index = 0
        while index < keys.count {
            let sequence = Self.sequence(in: keys, at: index)
            if paste != nil {
                if let sequence, sequence.parameters == "201", sequence.final == "~" {
                    result.append(.paste(paste ?? ""))
                    paste = nil
                    index = sequence.end
                } else {
                    appendToPaste(keys[index])
                    index += 1
                }
                continue
            }
            guard let sequence else {
                result.append(keys[index])
                index += 1
                continue
            }
            index = sequence.end
            if sequence.parameters == "200", sequence.final == "~" {
                paste = ""
            } else {
                result.append(Self.key(parameters: sequence.parameters, final: sequence.final))
            }
        }
        return result
    }

    private mutating func appendToPaste(_ key: TerminalKey) {
        guard var text = paste, text.utf8.count < Self.largestPaste else { return }
        switch key {
        case .character(let character): text.append(character)
        case .enter: text.append("\n")
        case .tab: text.append("\t")
        default: break
        }
        paste = text
    }

    /// The control sequence starting at `index` (Esc `[` parameters final),
    /// and the index after it; nil when none starts there or it is cut off.
    private static func sequence(in keys: [TerminalKey], at index: Int)
        -> (parameters: String, final: Character, end: Int)?
    {
        guard keys[index] == .escape, index + 1 < keys.count, keys[index + 1] == .character("[") else { return nil }
        var parameters = ""
        var cursor = index + 2
        while cursor < keys.count, case .character(let character) = keys[cursor],
              let ascii = character.asciiValue {
            if (0x20...0x3F).contains(ascii) {
                parameters.append(character)
            } else if (0x40...0x7E).contains(ascii) {
                return (parameters, character, cursor + 1)
            } else {
                return nil
            }
            cursor += 1
        }
        return nil
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
